/**
 * Chat fan-out over loopback: N websocket subscribers in one room (default 1000 and 5000), one message
 * every 1000/rate ms sent over HTTP (chat.send); prints delivery latency (send → frame parsed by each
 * subscriber) p50/p99/max, deliveries per second, drops, and the server's memory per connection.
 * The server runs in a child process so the subscribers' own work does not share its event loop.
 *
 * Usage: npm run bench:chat [-- --subscribers 1000,5000 --rate 5 --seconds 10 --compare]
 *   --compare  also runs the stock tRPC websocket handler (one async generator per subscriber) at the first size.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

interface ServerReady {
  type: 'ready';
  httpPort: number;
  wsPort: number;
  eventId: string;
  senderTokens: string[];
}
interface MemoryAnswer {
  type: 'memory';
  rss: number;
  heapUsed: number;
  /** Milliseconds the server spent writing each message to all of its subscribers (since the last reset). */
  publishTimes: number[];
}
type ServerMessage = ServerReady | MemoryAnswer;

const now = () => performance.timeOrigin + performance.now();
const warmUpMessages = 10;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

// ---------------------------------------------------------------- server side (child process)

async function serve(naive: boolean): Promise<void> {
  const { buildApp } = await import('@server/app');
  const { loadConfig } = await import('@server/config');
  const { users } = await import('@db/schema/users');
  const { events } = await import('@db/schema/events');
  const { newId } = await import('@server/lib/ids');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-chat-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', SEED_DEMO_DATA: 'false' });
  const app = await buildApp(config);
  const creatorId = newId();
  const eventId = newId();
  const db = app.services.db;
  const user = (id: string, role: 'dj' | 'viewer') => ({ id, email: `${id}@bench.test`.toLowerCase(), firstName: 'Bench', lastName: role, displayName: `Bench ${role}`, role, isActive: true });
  await db.insert(users).values(user(creatorId, 'dj'));
  await db.insert(events).values({ id: eventId, userId: creatorId, name: 'Bench event', isActive: true });
  const senderTokens: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const id = newId();
    await db.insert(users).values(user(id, 'viewer'));
    senderTokens.push(await app.services.tokens.issue({ userId: id, role: 'viewer', typ: 'viewer', tokenVersion: 0 }));
  }
  // Time the server-side fan-out of each message (one publish: serialise once, write to every socket).
  const publishTimes: number[] = [];
  const rooms = app.services.chat.rooms;
  const publish = rooms.publish.bind(rooms);
  rooms.publish = (eventIdToPublish, delivery) => {
    const started = performance.now();
    const delivered = publish(eventIdToPublish, delivery);
    publishTimes.push(performance.now() - started);
    return delivered;
  };
  await app.listen({ host: '127.0.0.1', port: 0 });
  const httpPort = (app.server.address() as { port: number }).port;
  let wsPort = httpPort;
  if (naive) {
    // The stock tRPC websocket handler over the same services: one async generator per subscriber.
    const Fastify = (await import('fastify')).default;
    const fastifyWebsocket = (await import('@fastify/websocket')).default;
    const { fastifyTRPCPlugin } = await import('@trpc/server/adapters/fastify');
    const { appRouter } = await import('@server/trpc/root');
    const { createContext } = await import('@server/trpc/context');
    const stock = Fastify();
    await stock.register(fastifyWebsocket);
    await stock.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      useWSS: true,
      trpcOptions: { router: appRouter, createContext: ({ req, info }: { req: { headers: Record<string, string | string[] | undefined>; ip: string }; info: { connectionParams: Record<string, string> | null } }) => createContext(app.services, req, info.connectionParams) },
    } as never);
    await stock.listen({ host: '127.0.0.1', port: 0 });
    wsPort = (stock.server.address() as { port: number }).port;
  }
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      const { rss, heapUsed } = process.memoryUsage();
      process.send!({ type: 'memory', rss, heapUsed, publishTimes: publishTimes.splice(0) } satisfies MemoryAnswer);
    }
    if (message.type === 'stop') {
      void app.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.send!({ type: 'ready', httpPort, wsPort, eventId, senderTokens } satisfies ServerReady);
}

// ---------------------------------------------------------------- load side (parent process)

function startServer(naive: boolean): Promise<{ child: ChildProcess; ready: ServerReady; ask: () => Promise<MemoryAnswer> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...(naive ? ['--naive'] : [])], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiters: Array<(message: MemoryAnswer) => void> = [];
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') {
        resolve({
          child,
          ready: message,
          ask: () =>
            new Promise((answer) => {
              waiters.push(answer);
              child.send({ type: 'memory' });
            }),
        });
      } else waiters.shift()?.(message);
    });
  });
}

interface Subscriber {
  socket: WebSocket;
  received: number;
  closed: boolean;
}

async function connectSubscribers(count: number, wsPort: number, eventId: string, latencies: number[]): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  const request = JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.messages', input: { eventId } } });
  const connectOne = () =>
    new Promise<Subscriber>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/trpc`);
      const subscriber: Subscriber = { socket, received: 0, closed: false };
      socket.once('error', reject);
      socket.on('close', () => {
        subscriber.closed = true;
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { result?: { type: string; data?: { data?: { type: string; message?: { text: string } } } } };
        if (frame.result?.type === 'started') resolve(subscriber);
        const item = frame.result?.data?.data;
        if (frame.result?.type === 'data' && item?.type === 'message' && item.message) {
          subscriber.received += 1;
          latencies.push(now() - Number(item.message.text.split(' ')[1]));
        }
      });
      socket.once('open', () => socket.send(request));
    });
  for (let start = 0; start < count; start += 250) {
    subscribers.push(...(await Promise.all(Array.from({ length: Math.min(250, count - start) }, connectOne))));
  }
  return subscribers;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Sends `total` messages, one every 1000/rate ms, round-robin over the senders (each stays under 3 per 2 s). */
function sendAtRate(ready: ServerReady, rate: number, total: number): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  let answered = 0;
  return new Promise((done) => {
    const timer = setInterval(() => {
      const token = ready.senderTokens[sent % ready.senderTokens.length]!;
      sent += 1;
      fetch(`http://127.0.0.1:${ready.httpPort}/trpc/chat.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ eventId: ready.eventId, text: `bench ${now()}`, displayName: 'Bench' }),
      })
        .then((response) => {
          if (!response.ok) failed += 1;
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => {
          answered += 1;
          if (answered === total) done({ sent, failed });
        });
      if (sent >= total) clearInterval(timer);
    }, 1000 / rate);
  });
}

async function run(count: number, rate: number, seconds: number, naive: boolean) {
  const { child, ready, ask } = await startServer(naive);
  const before = await ask();
  const latencies: number[] = [];
  const subscribers = await connectSubscribers(count, ready.wsPort, ready.eventId, latencies);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await ask();

  // Warm-up (JIT, first HTTP connection): a few messages that are not counted.
  await sendAtRate(ready, rate, warmUpMessages);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  latencies.length = 0;
  for (const subscriber of subscribers) subscriber.received = 0;
  await ask();

  const started = now();
  const { sent, failed } = await sendAtRate(ready, rate, Math.round(rate * seconds));
  const expected = () => (sent - failed) * count;
  const deadline = now() + 10_000;
  while (latencies.length < expected() && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed = (now() - started) / 1000;

  const sorted = [...latencies].sort((a, b) => a - b);
  const fanOut = (await ask()).publishTimes.sort((a, b) => a - b);
  const closed = subscribers.filter((subscriber) => subscriber.closed).length;
  const missing = subscribers.reduce((sum, subscriber) => sum + (sent - failed - subscriber.received), 0);
  for (const subscriber of subscribers) subscriber.socket.terminate();
  child.send({ type: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    handler: naive ? 'stock tRPC (generator each)' : 'room fan-out',
    subscribers: count,
    messages: sent,
    sendFailures: failed,
    deliveries: latencies.length,
    deliveriesPerSecond: Math.round(latencies.length / elapsed),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    dropped: missing,
    closed,
    fanOutP50: percentile(fanOut, 0.5),
    fanOutP99: percentile(fanOut, 0.99),
    rssPerConnection: (after.rss - before.rss) / count,
    heapPerConnection: (after.heapUsed - before.heapUsed) / count,
  };
}

if (process.argv.includes('--serve')) {
  await serve(process.argv.includes('--naive'));
} else {
  const sizes = (argument('subscribers') ?? '1000,5000').split(',').map(Number).filter((value) => value > 0 && value <= 10_000);
  const rate = Math.min(Number(argument('rate') ?? 5) || 5, 100);
  const seconds = Math.min(Number(argument('seconds') ?? 10) || 10, 60);
  const rows = [];
  for (const size of sizes) rows.push(await run(size, rate, seconds, false));
  if (process.argv.includes('--compare')) rows.push(await run(sizes[0]!, rate, seconds, true));
  // The stock handler writes from each subscriber's generator, after publish returned: no single fan-out time.
  const naiveFanOut = (row: { handler: string }) => (row.handler.startsWith('stock') ? 'n/a' : null);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(`\nOne room, ${rate} messages/s for ${seconds}s, loopback, server in its own process\n\n`);
  process.stdout.write(
    `${'handler'.padEnd(30)}${'subs'.padStart(6)}${'msgs'.padStart(6)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'deliv/s'.padStart(9)}${'dropped'.padStart(9)}${'closed'.padStart(8)}${'rss/conn'.padStart(11)}${'heap/conn'.padStart(11)}${'fan-out ms p50/p99'.padStart(20)}\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.handler.padEnd(30)}${String(row.subscribers).padStart(6)}${String(row.messages).padStart(6)}${row.p50.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}${row.max.toFixed(1).padStart(9)}${String(row.deliveriesPerSecond).padStart(9)}${String(row.dropped).padStart(9)}${String(row.closed).padStart(8)}${kb(row.rssPerConnection).padStart(11)}${kb(row.heapPerConnection).padStart(11)}${(naiveFanOut(row) ?? `${row.fanOutP50.toFixed(1)}/${row.fanOutP99.toFixed(1)}`).padStart(20)}\n`,
    );
    if (row.sendFailures) process.stdout.write(`  ${row.sendFailures} sends failed\n`);
  }
}
