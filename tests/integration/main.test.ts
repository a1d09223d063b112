import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildDir } from '../../scripts/build-server';
import { usePostgres } from '../engines/postgres';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-main-'));
/** The server as `npm start` and the container run it: the build in dist/node (seed/start.js: server/main.ts and the start-up seed), run by plain node. */
const serverArguments = ['--enable-source-maps', join(serverBuildDir, 'seed', 'start.js')];

function start(env: Record<string, string> = {}): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const child = spawn(process.execPath, serverArguments, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', BOT_CHECK_PROVIDER: 'off', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /Cuepoint is running at (http:\/\/\S+)/.exec(output);
      if (match && output.includes('viewer@cuepoint.local')) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.ADMIN_PASSWORD;
  delete copy.JWT_SECRET;
  return copy;
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('seed/start.ts (server/main.ts with the start-up seed), built (npm run build:server)', () => {
  const postgres = usePostgres();
  beforeAll(() => buildServer(), 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, prints the URL and logins, serves, and shuts down cleanly on SIGTERM', async () => {
    const { child, url, output } = await start();
    expect(output()).toMatch(/Admin\s+admin@cuepoint\.local\s+password: ADMIN_PASSWORD \(see README\.md\)/);
    expect(output()).toMatch(/Creator\s+mara@cuepoint\.local\s+password: the demo password \(see README\.md\)/);
    // The banner names logins, never a password.
    // No PUBLIC_URL here: the banner says which address the links people get will carry.
    expect(output()).toContain(`PUBLIC_URL is not set: links in mails, podcast feeds, calendars and the app's QR codes use ${url}.`);
    expect(output()).not.toContain('cuepoint-admin');
    expect(output()).not.toContain('cuepoint-demo');
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'sqlite', bus: 'memory', storage: 'disk' });
    expect(output()).not.toContain('DATABASE_URL');
    const database = new Database(join(dataDir, 'cuepoint.db'), { readonly: true });
    expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    database.close();

    const socket = new WebSocket(`${url.replace('http', 'ws')}/trpc`);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await socketClosed;
    expect(output()).toContain('shutting down');
  });

  it('with DATABASE_URL, two servers started at once migrate and seed one PostgreSQL database once, and name it in /healthz', async () => {
    const databaseUrl = await postgres.current.createDatabase();
    const otherDataDir = mkdtempSync(join(tmpdir(), 'cuepoint-main-pg-'));
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: 'j'.repeat(40) };
    const servers = await Promise.all([start(env), start({ ...env, DATA_DIR: otherDataDir })]);
    try {
      for (const { url, output } of servers) {
        expect(output()).toMatch(/Creator\s+mara@cuepoint\.local/);
        expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', db: 'postgres', bus: 'memory', storage: 'disk' });
        const ready = await fetch(`${url}/readyz`);
        expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const accounts = await client.query<{ email: string; n: number }>('SELECT email, count(*)::int AS n FROM users GROUP BY email HAVING count(*) > 1');
        expect(accounts.rows).toEqual([]);
        const creators = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = 'mara@cuepoint.local'");
        expect(creators.rows[0]!.n).toBe(1);
        const demoEvents = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE user_id = (SELECT id FROM users WHERE email = 'mara@cuepoint.local')");
        const onSqlite = new Database(join(dataDir, 'cuepoint.db'), { readonly: true });
        // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
        const seededOnce = onSqlite.prepare("SELECT count(*) AS n FROM events WHERE user_id = (SELECT id FROM users WHERE email = 'mara@cuepoint.local')").get() as { n: number };
        onSqlite.close();
        expect(demoEvents.rows[0]!.n).toBe(seededOnce.n);
      } finally {
        await client.end();
      }
      expect(existsSync(join(otherDataDir, 'cuepoint.db'))).toBe(false);
    } finally {
      for (const { child } of servers) {
        const exited = exitOf(child);
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without ADMIN_PASSWORD and JWT_SECRET', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'cuepoint-prod-'));
    try {
      const child = spawn(process.execPath, serverArguments, {
        env: { ...withoutSecrets(process.env), NODE_ENV: 'production', DATA_DIR: emptyDir, PORT: '0', HOST: '127.0.0.1' },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await exitOf(child);
      expect(code).not.toBe(0);
      expect(output).toContain('Refusing to start in production');
      expect(output).toContain('ADMIN_PASSWORD is required');
      expect(output).toContain('JWT_SECRET is required');
      expect(output).not.toContain('Cuepoint is running');
      expect(existsSync(join(emptyDir, 'cuepoint.db'))).toBe(false);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('restarts on the same data without overwriting what users changed', async () => {
    const database = new Database(join(dataDir, 'cuepoint.db'));
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    database.prepare("UPDATE users SET display_name = 'Changed Name' WHERE email = 'mara@cuepoint.local'").run();
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    const before = database.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
    database.close();

    const { child } = await start();
    const exited = exitOf(child);
    child.kill('SIGINT');
    expect(await exited).toBe(0);

    const after = new Database(join(dataDir, 'cuepoint.db'), { readonly: true });
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    expect(after.prepare("SELECT display_name FROM users WHERE email = 'mara@cuepoint.local'").get()).toEqual({ display_name: 'Changed Name' });
    // eslint-disable-next-line no-restricted-syntax -- raw SQLite statement
    expect(after.prepare('SELECT count(*) AS n FROM users').get()).toEqual(before);
    after.close();
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(true);
  });
});
