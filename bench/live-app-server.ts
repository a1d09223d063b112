/**
 * The whole Cuepoint app (buildApp + the RTMP ingest, as `npm start` runs them) for bench/live.ts, in its own
 * process: a temporary data folder, RTMP on a free loopback port, LIVE_MAX_STREAMS=20, NODE_ENV=production.
 * Inserts the bench's accounts directly (as tests/helpers/app.ts createUser does): `--creators N` creators, the
 * first with a free event on now, the second with a premium event on now, and a viewer with an access row for the
 * premium event; reports ports, tokens and ids over IPC (bench/server-messages.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { eventAccess, events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { seedDatabase } from '../seed/seed';
import { serveBenchMessages } from './server-messages';

export interface LiveAppReady {
  port: number;
  rtmpPort: number;
  dataDir: string;
  /** Creator tokens; [0] owns the free event, [1] the premium event, the others have no event (a spot event is made). */
  creators: { id: string; token: string }[];
  freeEventId: string;
  premiumEventId: string;
  /** A viewer with an event_access row for the premium event. */
  viewerToken: string;
}

const creatorsIndex = process.argv.indexOf('--creators');
const creatorCount = Math.max(2, Number(creatorsIndex >= 0 ? process.argv[creatorsIndex + 1] : 10) || 10);

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-live-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BOT_CHECK_PROVIDER: 'off',
  SEED_DEMO_DATA: 'false',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_PASSWORD: randomBytes(24).toString('base64url'),
  RTMP_HOST: '127.0.0.1',
  RTMP_PORT: '0',
  LIVE_MAX_STREAMS: '20',
  FFMPEG_PATH: process.env.FFMPEG_PATH ?? 'ffmpeg',
});
const app = await buildApp(config);
await seedDatabase(app.services.db, config, { demoData: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const ingest = await app.services.live.start();
if (!ingest.enabled || !ingest.port) throw new Error(`live ingest did not start: ${ingest.reason}`);

const db = app.services.db;
async function insertUser(role: 'dj' | 'viewer', index: number): Promise<{ id: string; token: string }> {
  const id = newId();
  const tag = `bench${index}${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
  await db
    .insert(users)
    .values({
      id,
      email: `${role}-${tag}@bench.test`.toLowerCase(),
      firstName: 'Bench',
      lastName: `${role} ${index}`,
      displayName: `Bench ${role} ${index}`,
      role,
      isActive: true,
      creatorTag: role === 'dj' ? tag : null,
    });
  const token = await app.services.tokens.issue({ userId: id, role, typ: role === 'viewer' ? 'viewer' : 'user', tokenVersion: 0 });
  return { id, token };
}

const creators: { id: string; token: string }[] = [];
for (let index = 0; index < creatorCount; index += 1) creators.push(await insertUser('dj', index));
const now = Date.now();
const window = { startDateTime: new Date(now - 3600_000).toISOString(), endDateTime: new Date(now + 4 * 3600_000).toISOString() };
const freeEventId = newId();
const premiumEventId = newId();
await db.insert(events).values({ id: freeEventId, userId: creators[0]!.id, name: 'Bench free live', isActive: true, ...window });
await db
  .insert(events)
  .values({ id: premiumEventId, userId: creators[1]!.id, name: 'Bench premium live', isActive: true, isPremium: true, premiumPriceCents: 500, ...window });
const viewer = await insertUser('viewer', 0);
await db.insert(eventAccess).values({ viewerId: viewer.id, eventId: premiumEventId });

serveBenchMessages<LiveAppReady>(
  { port, rtmpPort: ingest.port, dataDir, creators, freeEventId, premiumEventId, viewerToken: viewer.token },
  async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
);
