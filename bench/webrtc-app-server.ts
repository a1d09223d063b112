/**
 * The whole Cuepoint app (buildApp + the live ingest: RTMP, WHIP/WHEP engine and its media worker, as `npm start` runs
 * them) for bench/webrtc.ts, in its own process: a temporary data folder, NODE_ENV=production, WebRTC UDP ports
 * 47000-47200, LIVE_WEBRTC_MAX_VIEWERS=30. One creator with a free event on now (its stream key and a signed-in token
 * for the API rows). Reports over IPC (bench/server-messages.ts), and answers `{ type: 'webrtc-stats' }` with the
 * engine's figures (`app.services.live.webrtc.stats()`) and how long its media worker has run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { EngineStats } from '@server/domains/live/webrtc/engine';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { seedDatabase } from '../seed/seed';
import { serveBenchMessages } from './server-messages';

export interface WebRtcAppReady {
  port: number;
  creatorToken: string;
  streamKey: string;
  eventId: string;
}

export interface WebRtcStatsMessage {
  webrtcStats: { stats: EngineStats | null; workerAgeMs: number };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-webrtc-'));
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
  LIVE_WEBRTC_UDP_PORTS: '47000-47200',
  LIVE_WEBRTC_MAX_VIEWERS: '30',
  FFMPEG_PATH: process.env.FFMPEG_PATH ?? 'ffmpeg',
});
const app = await buildApp(config);
await seedDatabase(app.services.db, config, { demoData: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const ingest = await app.services.live.start();
if (!ingest.enabled) throw new Error(`live ingest did not start: ${ingest.reason}`);
const workerStartedAt = performance.now();
if (!(await app.services.live.webrtc.stats())) throw new Error('the WebRTC engine did not start (is the media worker built?)');

const db = app.services.db;
const creatorId = newId();
const tag = `benchrtc${creatorId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
await db.insert(users).values({
  id: creatorId,
  email: `${tag}@bench.test`.toLowerCase(),
  firstName: 'Bench',
  lastName: 'WebRTC',
  displayName: 'Bench WebRTC',
  role: 'dj',
  isActive: true,
  creatorTag: tag,
});
const creatorToken = await app.services.tokens.issue({ userId: creatorId, role: 'dj', typ: 'user', tokenVersion: 0 });
const now = Date.now();
const eventId = newId();
await db.insert(events).values({
  id: eventId,
  userId: creatorId,
  name: 'Bench WebRTC live',
  isActive: true,
  startDateTime: new Date(now - 3600_000).toISOString(),
  endDateTime: new Date(now + 4 * 3600_000).toISOString(),
});
const settings = await fetch(`http://127.0.0.1:${port}/trpc/live.settings`, { headers: { authorization: `Bearer ${creatorToken}` } });
const streamKey = ((await settings.json()) as { result: { data: { streamKey: string } } }).result.data.streamKey;

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || (message as { type?: string }).type !== 'webrtc-stats') return;
  void app.services.live.webrtc.stats().then((stats) => {
    process.send?.({ webrtcStats: { stats, workerAgeMs: performance.now() - workerStartedAt } } satisfies WebRtcStatsMessage);
  });
});

const close = async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
};
serveBenchMessages<WebRtcAppReady>({ port, creatorToken, streamKey, eventId }, close);
// The bench died without saying stop: end the streams and ffmpeg all the same.
process.once('disconnect', () => void close().then(() => process.exit(0)));
