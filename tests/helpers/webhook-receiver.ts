import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedWebhook {
  /** The request path with its query string. */
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; createdAt: string; data: unknown };
}

/** Verifies `Cuepoint-Signature: t=..,v1=..` the way a receiver (or Stripe's verifiers) would. */
export function verifySignature(header: string | undefined, rawBody: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!parts.t || !parts.v1 || !Number.isInteger(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A local webhook endpoint: answers each request with the next status from `statuses` (then the last one). */
export async function startReceiver(statuses: number[] = [200], options: { hang?: boolean } = {}) {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<() => void> = [];
  let served = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ url: request.url ?? '', headers: request.headers, rawBody, body: JSON.parse(rawBody) });
      waiters.splice(0).forEach((wake) => wake());
      if (options.hang) return;
      const status = statuses[Math.min(served, statuses.length - 1)]!;
      served += 1;
      if (status >= 300 && status < 400) response.setHeader('location', `http://127.0.0.1:${port()}/redirected`);
      response.statusCode = status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  return {
    url: `http://127.0.0.1:${port()}/hooks/cuepoint`,
    port: port(),
    received,
    /** Resolves once at least `count` requests have arrived. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
