import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '@server/app';
import { testConfig } from './app';
import { freeLoopbackPort } from './fediverse-peer';
import { testEngineEnv } from './test-engines';

export interface FederatedInstances {
  /** The instance PUBLIC_URL names (WebFinger, actors and inboxes resolve to it). */
  a: FastifyInstance;
  /** Same database, bus and PUBLIC_URL, listening on a port of its own that no URL names. */
  b: FastifyInstance;
  /** PUBLIC_URL: A's address. */
  origin: string;
  host: string;
  close(): Promise<void>;
}

/**
 * Two instances as a scaled-out deployment runs them behind one public address: one database (the run's PostgreSQL
 * on a TEST_ENGINES run), one Redis prefix, one data dir and JWT secret, the same PUBLIC_URL. A listens at that
 * address; B listens elsewhere, as an instance the proxy sends some requests to.
 */
export async function startFederatedInstances(deps: AppDeps = {}): Promise<FederatedInstances> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-federated-'));
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...(await testEngineEnv({ database: !deps.database })), PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' };
  const apps: FastifyInstance[] = [];
  try {
    for (const listenPort of [port, 0]) {
      const app = await buildApp(testConfig(dataDir, env), deps);
      apps.push(app);
      await app.listen({ host: '127.0.0.1', port: listenPort });
    }
  } catch (error) {
    for (const app of apps) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    a: apps[0]!,
    b: apps[1]!,
    origin,
    host: `127.0.0.1:${port}`,
    close: async () => {
      for (const app of apps) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DeliveryAttempt {
  url: string;
  /** The delivered activity's id (from the body). */
  activityId: string | null;
  type: string | null;
  objectId: string | null;
}

export interface DeliveryCounter {
  attempts: DeliveryAttempt[];
  restore(): void;
}

/**
 * Records every POST this process sends to `origin` (the app's Fedify delivers with the global `fetch`), before the
 * receiver sees it: a receiver dedupes a repeated activity id, so its own record would hide a second delivery.
 */
export function countDeliveries(origin: string): DeliveryCounter {
  const original = globalThis.fetch;
  const attempts: DeliveryAttempt[] = [];
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (method === 'POST' && url.startsWith(`${origin}/`)) {
      const body = typeof init?.body === 'string' ? init.body : request ? await request.clone().text() : '';
      let parsed: { id?: unknown; type?: unknown; object?: unknown } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        parsed = {};
      }
      const object = parsed.object;
      const objectId = typeof object === 'string' ? object : object && typeof object === 'object' && typeof (object as { id?: unknown }).id === 'string' ? (object as { id: string }).id : null;
      attempts.push({ url, activityId: typeof parsed.id === 'string' ? parsed.id : null, type: typeof parsed.type === 'string' ? parsed.type : null, objectId });
    }
    return original(input, init);
  };
  return {
    attempts,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
