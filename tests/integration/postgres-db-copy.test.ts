import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import { and, asc, eq, is, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { openPostgres } from '@db/postgres';
import { firstRow } from '@db/store';
import * as sqliteSchema from '@db/schema/index';
import { pgSchema } from '@db/schema-pg/index';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { projectPath } from '@common/node/project-paths';
import type { AppCaller } from '@server/trpc/root';
import { seedDatabase } from '../../seed/seed';
import { copySqliteToPostgres } from '../../scripts/db-copy';
import { bearer, callerAs, createTestApp } from '../helpers/app';
import { cards, confirmCard } from '../helpers/payments';
import { usePostgres } from '../engines/postgres';
import { useS3 } from '../engines/s3';

const run = promisify(execFile);

/** `npm run db:copy -- …` as an operator runs it (with `env` added to the environment): exit code and output. */
async function dbCopyWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'db:copy', '--', ...args], { cwd: projectPath(), env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
const dbCopy = (...args: string[]) => dbCopyWith({}, ...args);

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Every file below a folder with its size and SHA-256: what "left untouched" means. Not SQLite's -wal and -shm files:
 * any reader of a WAL database (the copy too) creates them when they are missing.
 */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.db-(wal|shm)$/.test(entry.name))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return `${relative(dir, path)} ${statSync(path).size} ${sha256(path)}`;
    })
    .sort();
}

const jwtSecret = 'test-secret-test-secret-test-secret-test';
const installEnv = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', BOT_CHECK_PROVIDER: 'off', PAYMENT_RATE_LIMIT: '1000', JWT_SECRET: jwtSecret, ...env });

/** A seeded account's token, issued by `app` (any app sharing JWT_SECRET accepts it). */
async function tokenOf(app: FastifyInstance, email: string): Promise<string> {
  const user = (await firstRow(app.services.db.select().from(sqliteSchema.users).where(eq(sqliteSchema.users.email, email))))!;
  return app.services.tokens.issue({ userId: user.id, role: user.role, typ: user.role === 'viewer' ? 'viewer' : 'user', tokenVersion: user.tokenVersion });
}

/**
 * What the seed does not make, made the way users make it (the app on the install): a membership tier and a member
 * who paid, a tip, tiers nobody joined.
 */
async function useTheInstall(dataDir: string): Promise<void> {
  const app = await buildApp(installEnv(dataDir));
  try {
    const creator = await tokenOf(app, 'mara@cuepoint.local');
    const viewer = await tokenOf(app, 'viewer@cuepoint.local');
    const asCreator = await callerAs(app, creator);
    const tier = await asCreator.memberships.createTier({ name: 'Backstage', monthlyPrice: 5, includesAllPremiumEvents: true, premiumEventIds: [], includesReplays: true, podcastTitleIds: [], chatBadge: true });
    for (const [name, monthlyPrice] of [['Front row', 12.5], ['Crew', 3], ['Patron', 25]] as const) {
      await asCreator.memberships.createTier({ name, monthlyPrice, includesAllPremiumEvents: false, premiumEventIds: [], includesReplays: false, podcastTitleIds: [], chatBadge: false });
    }
    const joined = await app.inject({ method: 'POST', url: '/api/memberships/join', headers: bearer(viewer), payload: { tierId: tier.id } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await confirmCard(app, (joined.json() as { client_secret: string }).client_secret, cards.success)).toEqual({ status: 'succeeded' });

    const maraId = (await firstRow(app.services.db.select({ id: sqliteSchema.users.id }).from(sqliteSchema.users).where(eq(sqliteSchema.users.email, 'mara@cuepoint.local'))))!.id;
    const viewerRow = (await firstRow(app.services.db.select().from(sqliteSchema.users).where(eq(sqliteSchema.users.email, 'viewer@cuepoint.local'))))!;
    const event = (await firstRow(app.services.db.select().from(sqliteSchema.events).where(eq(sqliteSchema.events.userId, maraId)).orderBy(asc(sqliteSchema.events.startDateTime)).limit(1)))!;
    const option = (await firstRow(app.services.db.select().from(sqliteSchema.tipOptions).where(eq(sqliteSchema.tipOptions.userId, maraId)).limit(1)))!;
    const tip = await app.inject({
      method: 'POST',
      url: '/api/payment/create-tips-one-time-payment',
      headers: bearer(viewer),
      payload: { userId: maraId, tipsAmount: option.amountCents / 100, email: viewerRow.email, eventId: event.id, eventName: event.name, viewerId: viewerRow.id },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    expect(await confirmCard(app, (tip.json() as { client_secret: string }).client_secret, cards.success)).toEqual({ status: 'succeeded' });
  } finally {
    await app.close();
  }
  // The tip's receipts go out after the answer; the close waited for them. The member's receipt and the creator's
  // new-member notice, then the tip's receipt and notice.
  expect(readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.json'))).toHaveLength(4);
}

const sqliteTables = Object.entries(sqliteSchema).filter(([, value]) => is(value, SQLiteTable)) as [string, SQLiteTable][];
const pgTables = pgSchema as unknown as Record<string, PgTable>;

describe('npm run db:copy', () => {
  const postgres = usePostgres();
  const s3 = useS3();
  let dataDir: string;
  let source: string;
  let sourceHash: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-copy-'));
    source = join(dataDir, 'cuepoint.db');
    const config = installEnv(dataDir);
    const handle = openDatabase(source);
    await seedDatabase(handle.db, config, { demoData: true });
    // What the seed does not make: queued push deliveries (identity ids), a big episode size, an inactive account.
    const creator = (await firstRow(handle.db.select({ id: sqliteSchema.users.id }).from(sqliteSchema.users).where(eq(sqliteSchema.users.role, 'dj')).limit(1)))!;
    await handle.db.insert(sqliteSchema.pushSubscriptions).values({ id: 's1', creatorId: creator.id, endpoint: 'https://push.example.test/1', p256dh: 'k', auth: 'a' });
    await handle.db.insert(sqliteSchema.pushNotifications).values({ id: 'n1', creatorId: creator.id, kind: 'manual', title: 'Hi', body: 'B', url: '/' });
    await handle.db.insert(sqliteSchema.pushDeliveries).values([{ notificationId: 'n1', subscriptionId: 's1' }, { notificationId: 'n1', subscriptionId: null }]);
    await handle.db.insert(sqliteSchema.podcastUploads).values({ id: 'up1', ownerId: creator.id, kind: 'media', url: '/uploads/big.mp4', mimeType: 'video/mp4', sizeBytes: 3 * 1024 ** 3 });
    await handle.close();
    await useTheInstall(dataDir);
    sourceHash = sha256(source);
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every table with equal counts and checksums, the same rows read back, and leaves the SQLite file untouched', async () => {
    const url = await postgres.current.createDatabase();
    const result = await dbCopy('--to', url, '--from', source);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Copied ${Object.keys(pgSchema).length} tables \\(\\d+ rows\\) .*counts and checksums match`));
    expect(result.stdout).toMatch(/verified users\s+\d+ rows {2}sha256 [0-9a-f]{16}/);
    expect(sha256(source)).toBe(sourceHash);

    // Every table reads the same through Drizzle on both sides (booleans, JSON, sizes, nulls).
    const sqlite = new Database(source, { readonly: true });
    const fromSqlite = drizzleSqlite(sqlite);
    const target = await openPostgres(url);
    const fromPg = drizzlePg(target.pool);
    try {
      let total = 0;
      for (const [name, table] of sqliteTables) {
        const sort = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
        const left = sort(await fromSqlite.select().from(table));
        const right = sort(await fromPg.select().from(pgTables[name]!));
        expect(right, name).toEqual(left);
        total += left.length;
      }
      expect(total).toBeGreaterThan(400);
      const [big] = await fromPg.select({ size: pgSchema.podcastUploads.sizeBytes }).from(pgSchema.podcastUploads);
      expect(big).toEqual({ size: 3 * 1024 ** 3 });
      // The identity continues after the copied ids.
      const [next] = await fromPg.insert(pgSchema.pushDeliveries).values({ notificationId: 'n1', subscriptionId: null, status: 'skipped' }).onConflictDoNothing().returning({ id: pgSchema.pushDeliveries.id });
      expect(next).toEqual({ id: 3 });
    } finally {
      sqlite.close();
      await target.close();
    }
    expect(sha256(source)).toBe(sourceHash);

    // A second run onto the now non-empty database refuses and changes nothing.
    const again = await dbCopy('--to', url, '--from', source);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target database is not empty \((?:.*, )?users: \d+ rows, .*\)\. db:copy fills an empty database only; nothing was changed\.\n$/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*) AS n FROM push_deliveries')).rows[0].n).toBe(3);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('exits 1 and keeps nothing when a copied row reads back different', async () => {
    const url = await postgres.current.createDatabase();
    const target = await openPostgres(url);
    // Something between the two (here a trigger) changes one value on its way in.
    await target.pool.query(`
      CREATE FUNCTION garble() RETURNS trigger AS $$ BEGIN NEW.display_name := NEW.display_name || '?'; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER garble BEFORE INSERT ON users FOR EACH ROW WHEN (NEW.role = 'viewer') EXECUTE FUNCTION garble();`);
    try {
      const result = await dbCopy('--to', url, '--from', source);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Verification failed, nothing was kept:\n {2}users: the rows differ \(checksum [0-9a-f]{12} in SQLite, [0-9a-f]{12} in PostgreSQL\)\n$/);
      expect((await target.pool.query('SELECT count(*) AS n FROM users')).rows[0].n).toBe(0);
      expect((await target.pool.query('SELECT count(*) AS n FROM demo_documents')).rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a SQLite file that misses migrations of this version', async () => {
    const behind = join(dataDir, 'behind.db');
    copyFileSync(source, behind);
    const db = new Database(behind);
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    db.prepare('DELETE FROM __drizzle_migrations WHERE rowid = (SELECT max(rowid) FROM __drizzle_migrations)').run();
    db.close();
    const journal = JSON.parse(readFileSync(projectPath('db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const result = await dbCopy('--to', await postgres.current.createDatabase(), '--from', behind);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is at migration ${journal.entries.length - 1} of ${journal.entries.length}: start this version of Cuepoint on it once`);
  }, 60_000);

  it('answers the same on the PostgreSQL copy as on the SQLite install: the same users, the same JSON', async () => {
    const url = await postgres.current.createDatabase();
    await copySqliteToPostgres({ from: source, to: url });
    // Each app on its own copy of the install's files; the PostgreSQL one without the SQLite file.
    const sqliteDir = mkdtempSync(join(tmpdir(), 'cuepoint-same-sqlite-'));
    const pgDir = mkdtempSync(join(tmpdir(), 'cuepoint-same-pg-'));
    cpSync(dataDir, sqliteDir, { recursive: true });
    cpSync(dataDir, pgDir, { recursive: true });
    for (const name of readdirSync(pgDir)) if (name.endsWith('.db') || name.includes('.db-')) rmSync(join(pgDir, name));
    const onSqlite = await buildApp(installEnv(sqliteDir));
    const onPg = await buildApp(installEnv(pgDir, { DATABASE_URL: url }));
    try {
      expect((await onSqlite.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ db: 'sqlite' });
      expect((await onPg.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ db: 'postgres' });

      // Tokens issued by the SQLite app: the PostgreSQL one accepts them (one JWT_SECRET).
      const who = {
        guest: undefined,
        admin: await tokenOf(onSqlite, 'admin@cuepoint.local'),
        mara: await tokenOf(onSqlite, 'mara@cuepoint.local'),
        tobin: await tokenOf(onSqlite, 'tobin@cuepoint.local'),
        viewer: await tokenOf(onSqlite, 'viewer@cuepoint.local'),
      };
      const db = onSqlite.services.db;
      const { users, podcastTitles, podcastEpisodes, events } = sqliteSchema;
      const maraId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.creatorTag, 'mara_quill'))))!.id;
      const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, maraId)).orderBy(asc(podcastTitles.createdAt)).limit(1)))!;
      const episode = (await firstRow(db.select().from(podcastEpisodes).where(and(eq(podcastEpisodes.podcastTitleId, title.id), isNotNull(podcastEpisodes.mediaUrl))).limit(1)))!;
      const event = (await firstRow(db.select().from(events).where(eq(events.userId, maraId)).orderBy(asc(events.startDateTime)).limit(1)))!;

      const questions: Array<[string, keyof typeof who, (caller: AppCaller) => Promise<unknown>]> = [
        ['events.list', 'mara', (c) => c.events.list()],
        ['events.byId', 'mara', (c) => c.events.byId({ id: event.id })],
        ['events.publicSchedule', 'guest', (c) => c.events.publicSchedule({ subdomain: 'mara_quill' })],
        ['events.publicById', 'viewer', (c) => c.events.publicById({ id: event.id })],
        ['events.checkHasPermission', 'viewer', (c) => c.events.checkHasPermission({ userId: maraId })],
        ['podcasts.listTitles', 'mara', (c) => c.podcasts.listTitles()],
        ['podcasts.listEpisodes', 'mara', (c) => c.podcasts.listEpisodes({ podcastTitleId: title.id })],
        ['podcasts.publicTitle', 'guest', (c) => c.podcasts.publicTitle({ id: title.id })],
        ['podcasts.publicEpisode', 'guest', (c) => c.podcasts.publicEpisode({ id: episode.id })],
        ['podcasts.publicUserEpisodes', 'guest', (c) => c.podcasts.publicUserEpisodes({ userId: maraId })],
        ['podcasts.feed', 'guest', (c) => c.podcasts.feed({ id: title.id })],
        ['earnings.summary (creator)', 'mara', (c) => c.earnings.summary()],
        ['earnings.summary (platform)', 'admin', (c) => c.earnings.summary()],
        ['tipOptions.mine', 'mara', (c) => c.tipOptions.mine()],
        ['tips.publicList', 'guest', (c) => c.tips.publicList({ userId: maraId })],
        ['publicPages.creatorPage', 'guest', (c) => c.publicPages.creatorPage({ tag: 'mara_quill' })],
        ['memberships.tiers', 'guest', (c) => c.memberships.tiers({ creatorId: maraId })],
        ['memberships.myTiers', 'mara', (c) => c.memberships.myTiers()],
        ['memberships.members', 'mara', (c) => c.memberships.members()],
        ['memberships.stats', 'mara', (c) => c.memberships.stats()],
        ['memberships.mine', 'viewer', (c) => c.memberships.mine()],
        ['adminUsers.list', 'admin', (c) => c.adminUsers.list({})],
        ['adminUsers.list (search, role)', 'admin', (c) => c.adminUsers.list({ search: 'CUEPOINT.LOCAL', role: 'dj', pageSize: 2, page: 1 })],
        ['adminUsers.list (waiting)', 'admin', (c) => c.adminUsers.list({ status: 'waiting' })],
        ['adminUsers.waitingCount', 'admin', (c) => c.adminUsers.waitingCount()],
        ['events.list (another creator)', 'tobin', (c) => c.events.list()],
      ];
      const answer = async (app: FastifyInstance, token: string | undefined, ask: (caller: AppCaller) => Promise<unknown>) => {
        try {
          return JSON.stringify((await ask(await callerAs(app, token))) ?? null);
        } catch (error) {
          return JSON.stringify({ error: (error as Error).message });
        }
      };
      const answers = new Map<string, unknown>();
      for (const [name, as, ask] of questions) {
        const [fromSqlite, fromPg] = await Promise.all([answer(onSqlite, who[as], ask), answer(onPg, who[as], ask)]);
        expect.soft(JSON.parse(fromPg), name).toEqual(JSON.parse(fromSqlite));
        expect.soft(fromPg, `${name}: the same JSON text`).toBe(fromSqlite);
        answers.set(name, JSON.parse(fromSqlite));
      }
      // The questions had something to answer.
      expect(answers.get('events.list')).toHaveLength(5);
      expect(answers.get('podcasts.feed')).toContain('<item>');
      expect(answers.get('earnings.summary (creator)')).toMatchObject({ scope: 'creator', totals: { count: 4 } });
      expect(answers.get('memberships.mine')).toMatchObject([{ tierName: 'Backstage', status: 'active' }]);
      expect(answers.get('memberships.myTiers')).toHaveLength(4);
      expect(answers.get('tips.publicList')).not.toEqual([]);
      expect((answers.get('adminUsers.list') as { total: number }).total).toBeGreaterThanOrEqual(5);

      // The feed as a podcast app fetches it.
      const feedSqlite = await onSqlite.inject({ method: 'GET', url: `/feeds/${title.id}.xml` });
      const feedPg = await onPg.inject({ method: 'GET', url: `/feeds/${title.id}.xml` });
      expect(feedPg.statusCode).toBe(200);
      expect(feedPg.headers['content-type']).toBe(feedSqlite.headers['content-type']);
      expect(feedPg.body).toBe(feedSqlite.body);
    } finally {
      await onSqlite.close();
      await onPg.close();
      rmSync(sqliteDir, { recursive: true, force: true });
      rmSync(pgDir, { recursive: true, force: true });
    }
    expect(sha256(source)).toBe(sourceHash);
  }, 120_000);

  it('--media s3 streams the install files into the bucket and checks them back; the app on PostgreSQL and the bucket serves them; a re-run skips; another object under a key is refused', async () => {
    // Besides the seeded uploads (terms PDF, covers, episodes, transcripts): a long episode, app icons, a finished
    // recording, and what is not media the server reads (a recording's part, a half-written upload, live HLS).
    const extra: Record<string, Buffer> = {
      'uploads/long-episode.mp3': randomBytes(12 * 1024 * 1024 + 5),
      'mobile-apps/app1/source.png': randomBytes(2000),
      'mobile-apps/app1/v1/icon-192.png': randomBytes(700),
      'recordings/rec1/rec1.mp4': randomBytes(50_000),
      'recordings/rec2/part-1.ts': randomBytes(1000),
      'uploads/.incoming-abc': randomBytes(10),
      'live/session1/index.m3u8': Buffer.from('#EXTM3U\n'),
    };
    for (const [path, content] of Object.entries(extra)) {
      mkdirSync(dirname(join(dataDir, path)), { recursive: true });
      writeFileSync(join(dataDir, path), content);
    }
    const expected = snapshot(dataDir)
      .map((line) => line.split(' ')[0]!)
      .filter((key) => /^(uploads\/[^.]|mobile-apps\/|recordings\/rec1\/rec1\.mp4$)/.test(key))
      .sort();
    expect(expected.filter((key) => key.startsWith('uploads/')).length).toBeGreaterThan(8);
    const expectedBytes = expected.reduce((sum, key) => sum + statSync(join(dataDir, key)).size, 0);
    const before = snapshot(dataDir);
    const bucket = s3.current;

    const url = await postgres.current.createDatabase();
    const result = await dbCopyWith(bucket.env, '--to', url, '--from', source, '--media', 's3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Copied \d+ tables \(\d+ rows\) .*counts and checksums match\.\n/);
    expect(result.stdout).toContain(
      `Copied ${expected.length} media files (${expectedBytes} bytes) from ${dataDir} to the bucket ${bucket.bucket}, skipped 0 already there (0 bytes); sizes and SHA-256 match. 2 other files (unfinished recording parts, interrupted writes) stay in DATA_DIR only.\n`,
    );
    expect(await bucket.keys()).toEqual(expected);
    for (const key of expected) {
      const object = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
      expect(sha256Of(await object.Body!.transformToByteArray()), key).toBe(sha256(join(dataDir, key)));
    }
    expect(snapshot(dataDir)).toEqual(before);

    // The moved install: PostgreSQL and the bucket, an empty DATA_DIR.
    const moved = await createTestApp({ DATABASE_URL: url, ...bucket.env });
    try {
      const target = drizzlePg(new pg.Pool({ connectionString: url, max: 1 }));
      const [episode] = await target.select({ url: pgSchema.podcastEpisodes.mediaUrl }).from(pgSchema.podcastEpisodes).where(isNotNull(pgSchema.podcastEpisodes.mediaUrl)).limit(1);
      const [terms] = await target.select({ url: pgSchema.termsDocuments.pdfUrl }).from(pgSchema.termsDocuments).limit(1);
      await target.$client.end();
      const episodeBytes = readFileSync(join(dataDir, episode!.url!.slice(1)));
      const ranged = await moved.app.inject({ method: 'GET', url: episode!.url!, headers: { range: 'bytes=100-1099' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${episodeBytes.length}`);
      expect(sha256Of(ranged.rawPayload)).toBe(sha256Of(episodeBytes.subarray(100, 1100)));
      const pdf = await moved.app.inject({ method: 'GET', url: terms!.url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(sha256Of(pdf.rawPayload)).toBe(sha256(join(dataDir, terms!.url.slice(1))));
    } finally {
      await moved.close();
    }

    // Again, media only: everything is there with the same bytes, nothing is written.
    const writesBefore = bucket.requests.length;
    const again = await dbCopyWith(bucket.env, '--media', 's3', '--from', source);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Copied 0 media files (0 bytes) from ${dataDir} to the bucket ${bucket.bucket}, skipped ${expected.length} already there (${expectedBytes} bytes)`);
    expect(bucket.requests.slice(writesBefore).filter((request) => request.method !== 'GET' && request.method !== 'HEAD')).toEqual([]);

    // With --to again: the database is there already; the answer says how to finish the media alone.
    const twice = await dbCopyWith(bucket.env, '--to', url, '--from', source, '--media', 's3');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/^The target database is not empty \(.*\)\. db:copy fills an empty database only; nothing was changed\. To copy the media alone, run again without --to\.\n$/);

    // After an interruption (an object missing), a re-run copies just what is missing.
    await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: 'uploads/long-episode.mp3' }));
    const finish = await dbCopyWith(bucket.env, '--media', 's3', '--from', source);
    expect(finish.code).toBe(0);
    expect(finish.stdout).toContain(`Copied 1 media files (${extra['uploads/long-episode.mp3']!.length} bytes)`);
    expect(finish.stdout).toMatch(/^copied {3}uploads\/long-episode\.mp3 {2}12582917 bytes {2}sha256 [0-9a-f]{16}$/m);

    // Another object under one key (same size, other bytes): refused before anything, database included, is copied.
    const icon = 'mobile-apps/app1/v1/icon-192.png';
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: icon, Body: randomBytes(700) }));
    await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: 'recordings/rec1/rec1.mp4' }));
    const fresh = await postgres.current.createDatabase();
    const refused = await dbCopyWith(bucket.env, '--to', fresh, '--from', source, '--media', 's3');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `The bucket already holds a different object under ${icon} (same size as ${join(dataDir, icon)}, other bytes); db:copy never replaces objects: remove them or use another bucket. Nothing was copied.\n`,
    );
    expect(await bucket.keys('recordings/')).toEqual([]);
    const client = new pg.Client({ connectionString: fresh });
    await client.connect();
    try {
      expect((await client.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`)).rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
    expect(snapshot(dataDir)).toEqual(before);
    expect(sha256(source)).toBe(sourceHash);
  }, 120_000);

  it('answers bad arguments with the usage, a missing file and an unreachable server with their reason', async () => {
    const nothing = await dbCopy('--from', source);
    expect(nothing).toMatchObject({ code: 1, stderr: expect.stringContaining('Nothing to copy: give --to postgres://… (the database), --media s3 (the media files), or both.\nUsage: npm run db:copy -- ') });
    const otherMedia = await dbCopy('--to', 'postgres://127.0.0.1/x', '--from', source, '--media', 'ftp');
    expect(otherMedia).toMatchObject({ code: 1, stderr: '--media takes s3 (the bucket of the S3_* settings), not "ftp"\n' });
    const noBucket = await dbCopy('--to', 'postgres://127.0.0.1/x', '--from', source, '--media', 's3');
    expect(noBucket).toMatchObject({ code: 1, stderr: '--media s3 needs the bucket: set S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as the server uses them)\n' });
    const halfBucket = await dbCopyWith({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, '--media', 's3', '--from', source);
    expect(halfBucket).toMatchObject({ code: 1, stderr: 'Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together\n' });
    const missingBucket = await dbCopyWith({ ...s3.current.env, S3_BUCKET: 'no-such-bucket' }, '--media', 's3', '--from', source);
    expect(missingBucket).toMatchObject({ code: 1, stderr: `Could not reach the bucket no-such-bucket at ${s3.current.endpoint}: there is no such bucket\n` });
    const wrongKey = await dbCopyWith({ ...s3.current.env, S3_ACCESS_KEY_ID: 'nobody' }, '--media', 's3', '--from', source);
    expect(wrongKey).toMatchObject({ code: 1, stderr: `Could not reach the bucket ${s3.current.bucket} at ${s3.current.endpoint}: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)\n` });
    const notPostgres = await dbCopy('--to', 'mysql://127.0.0.1/x', '--from', source);
    expect(notPostgres).toMatchObject({ code: 1, stderr: '--to must be a postgres:// URL\n' });
    const missing = await dbCopy('--to', 'postgres://127.0.0.1/x', '--from', join(dataDir, 'nope.db'));
    expect(missing).toMatchObject({ code: 1, stderr: `No SQLite database at ${join(dataDir, 'nope.db')}\n` });
    const unreachable = await dbCopy('--to', 'postgres://someone:secret@127.0.0.1:1/x', '--from', source);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Could not open PostgreSQL at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/x: .*ECONNREFUSED/);
    expect(sha256(source)).toBe(sourceHash);
  }, 60_000);
});
