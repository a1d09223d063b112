import { describe, expect, it } from 'vitest';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, createUser } from '../helpers/app';

/** An upload refused before its body is read must not leave its keep-alive connection open and stuck. */
function send(port: number, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.setTimeout(1000, () => outgoing.destroy(new Error(`${method} ${path}: no answer within 1 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);
}

describe('an early upload refusal', () => {
  it('answers the next request on a one-socket keep-alive agent and lets the server shut down', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const viewer = await createUser(t.app, { role: 'viewer' });
    const boundary = 'early';
    const notAPhoto = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="userPhoto"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(3 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { authorization: `Bearer ${viewer.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
    expect(await send(port, agent, 'POST', '/api/event/upload-chat-user-profile-img', headers, notAPhoto)).toBe(400);
    expect(await send(port, agent, 'GET', '/healthz', {})).toBe(200);
    await within(2000, 'shutting the server down', t.close());
    agent.destroy();
  });
});
