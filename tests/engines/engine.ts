import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A loopback port nothing listens on right now (another process may still take it before the engine binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * One engine for the calling test file: started before its tests, ended after them (each within `timeoutMs`). Read
 * `.current` inside hooks and tests.
 */
export function useEngine<T>(name: string, start: () => Promise<T>, end: (engine: T) => Promise<void>, timeoutMs: number): { readonly current: T } {
  let engine: T | undefined;
  beforeAll(async () => {
    engine = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (engine !== undefined) await end(engine);
  }, timeoutMs);
  return {
    get current() {
      if (engine === undefined) throw new Error(`${name} starts in beforeAll; use it inside hooks and tests`);
      return engine;
    },
  };
}
