/**
 * A real server in its own process for the upload memory test: it seeds one creator with a podcast title,
 * listens on a loopback port and prints what the test needs as one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createTitle } from '@server/domains/podcasts/podcasts.service';
import { users } from '@db/schema/users';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-memory-'));
// CUEPOINT_TEST_ENV (JSON) adds settings, such as an S3 bucket for the media.
const extraEnv = JSON.parse(process.env.CUEPOINT_TEST_ENV ?? '{}') as Record<string, string>;
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', JWT_SECRET: 'memory-secret-memory-secret-memory-secret', ...extraEnv });
const app = await buildApp(config);
await app.services.db
  .insert(users)
  .values({ id: 'memory-creator', email: 'memory@example.test', firstName: 'M', lastName: 'C', displayName: 'M C', role: 'dj', isActive: true, creatorTag: 'memory_creator' });
const title = await createTitle(app.services, 'memory-creator', { name: 'Memory', description: '', isVideo: false, explicit: false, category: 'Music' });
const token = await app.services.tokens.issue({ userId: 'memory-creator', role: 'dj', typ: 'user', tokenVersion: 0 });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token, titleId: title.id, dataDir })}\n`);

const stop = async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
