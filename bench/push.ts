/**
 * Push fan-out: N subscribers of one creator on a local push service (loopback, answers 201 after --latency ms),
 * one notification sent; prints how long `push.send` took to answer (the fan-out insert), how long until every
 * delivery was recorded, and deliveries per second (each one an ECDH + aes128gcm encryption, an ES256 VAPID
 * signature and an HTTP POST).
 *
 * Usage: npx tsx bench/push.ts [-- --subscribers 2000 --concurrency 20 --latency 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { pushNotifications, pushSubscriptions, users } from '@db/schema/index';
import { firstRow } from '@db/store';
import { newId } from '@server/lib/ids';
import { createContext } from '@server/trpc/context';
import { createCaller } from '@server/trpc/root';
import { FakeBrowserKeys, LocalPushService } from '../tests/helpers/push-service';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const subscribers = Math.min(argument('subscribers', 2000), 100_000);
const concurrency = Math.min(argument('concurrency', 20), 200);
const latency = argument('latency', 20);

const pushService = await new LocalPushService().start();
pushService.answer = () => ({ status: 201, delayMs: latency });
const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-push-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', PUSH_CONCURRENCY: String(concurrency) }));
const db = app.services.db;
const adminId = newId();
await db.insert(users).values({ id: adminId, email: 'bench@example.test', firstName: 'Bench', lastName: 'Admin', displayName: 'Bench', role: 'admin', isActive: true });
const keys = new FakeBrowserKeys().subscription('');
await db.transaction(async (tx) => {
  for (let index = 0; index < subscribers; index += 1) {
    await tx.insert(pushSubscriptions).values({ id: newId(), creatorId: adminId, endpoint: pushService.endpoint(`s${index}`), p256dh: keys.keys.p256dh, auth: keys.keys.auth });
  }
});
const token = await app.services.tokens.issue({ userId: adminId, role: 'admin', typ: 'user', tokenVersion: 0 });
const caller = createCaller(await createContext(app.services, { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }));

const started = performance.now();
const { id } = await caller.push.send({ title: 'Bench', body: 'Fan-out', url: '/' });
const answered = performance.now();
while (!(await firstRow(db.select().from(pushNotifications).where(eq(pushNotifications.id, id))))?.completedAt) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const finished = performance.now();
const seconds = (finished - started) / 1000;
process.stdout.write(
  `\n${subscribers} subscribers, concurrency ${concurrency}, push service latency ${latency} ms\n` +
    `push.send answered in ${(answered - started).toFixed(1)} ms; all ${pushService.received.length} delivered in ${seconds.toFixed(2)} s ` +
    `(${(subscribers / seconds).toFixed(0)} deliveries/s)\n`,
);
await app.close();
await pushService.stop();
rmSync(dataDir, { recursive: true, force: true });
