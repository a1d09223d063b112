import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A browser's side of Web Push for tests: a subscription key pair (what PushManager.subscribe makes) and
 * RFC 8291 decryption of what the push service received, done here with node:crypto, independently of web-push.
 */
export class FakeBrowserKeys {
  private readonly ecdh = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.ecdh.generateKeys();
    this.publicKey = this.ecdh.getPublicKey();
  }

  subscription(endpoint: string) {
    return { endpoint, expirationTime: null, keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') } };
  }

  /** RFC 8291 §3.4 key derivation and RFC 8188 aes128gcm (one record), returning the plaintext. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body[20]!;
    const serverPublicKey = body.subarray(21, 21 + keyIdLength);
    const ciphertext = body.subarray(21 + keyIdLength);
    if (keyIdLength !== 65) throw new Error(`keyid must be the 65-byte sender key, got ${keyIdLength}`);
    if (ciphertext.length > recordSize) throw new Error('expected a single record');
    const ecdhSecret = this.ecdh.computeSecret(serverPublicKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverPublicKey]);
    const inputKey = Buffer.from(hkdfSync('sha256', ecdhSecret, this.authSecret, keyInfo, 32));
    const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('the last record must end with the 0x02 delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** Checks `Authorization: vapid t=<ES256 JWT>, k=<public key>` (RFC 8292): signature, audience, expiry, subject. */
export async function verifyVapid(authorization: string | undefined, audience: string, expectedPublicKey: string): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedPublicKey) throw new Error('the k= key is not the server public key');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k= is not an uncompressed P-256 point');
  const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], audience });
  if (!payload.exp || payload.exp * 1000 > Date.now() + 24 * 3600 * 1000) throw new Error('exp must be within 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub must be a mailto: or https: contact');
  return payload;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** What the fake push service answers for one request; default 201. */
export type PushAnswer = { status: number; headers?: Record<string, string>; delayMs?: number };

/** A push service on loopback: records every POST and answers as the test says. */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private server: Server | undefined;
  origin = '';
  /** Decides the answer per request (by path and how many this path already got). */
  answer: (path: string, countForPath: number) => PushAnswer = () => ({ status: 201 });

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const countForPath = this.received.filter((push) => push.path === path).length;
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
        const answer = this.answer(path, countForPath);
        setTimeout(() => {
          response.writeHead(answer.status, answer.headers);
          response.end();
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  endpoint(name: string): string {
    return `${this.origin}/push/${name}`;
  }

  receivedFor(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === `/push/${name}`);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Polls until `check` holds (or throws after `timeoutMs`). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
