import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, useEngine } from './engine';

const run = promisify(execFile);

/**
 * A private PostgreSQL cluster for one test file: `initdb` under a temp dir, a server on a free loopback port (and a
 * Unix socket in the same dir), no system service assumed. As root, initdb and pg_ctl run as the `postgres` user
 * (initdb refuses root), so the temp dir is handed to that user.
 */
export interface PostgresCluster {
  port: number;
  /** Where the cluster lives (data, socket, log); removed by `stop()`. */
  dir: string;
  /** Superuser URL of the `postgres` maintenance database. */
  adminUrl: string;
  /**
   * Creates an empty database and returns its URL. The cluster's locale is C; `icuLocale` (e.g. 'en-US') gives the
   * database that ICU collation instead, as a hosted PostgreSQL often has.
   */
  createDatabase(options?: { name?: string; icuLocale?: string }): Promise<string>;
  stop(): Promise<void>;
}

/** Debian's binaries: `PG_BIN` when set, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql), or set PG_BIN');
  return join(root, versions[0]!, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the `postgres` user when we are root. */
function tool(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const path = join(postgresBinDir(), bin);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args);
}

function toolSync(bin: string, args: string[]): void {
  const path = join(postgresBinDir(), bin);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'ignore' });
  else execFileSync(path, args, { stdio: 'ignore' });
}

let databaseCounter = 0;

export async function startPostgres(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let port = 0;
  let started = false;
  // A port found free can be taken before the server binds it; try another then.
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Several test files run a cluster each at the same time: keep each small.
      '-c shared_buffers=32MB',
      `-c max_connections=${options.maxConnections ?? 100}`,
    ].join(' ');
    try {
      await tool('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', serverOptions, 'start']);
      started = true;
    } catch {
      /* next port */
    }
  }
  if (!started) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start:\n${tail}`);
  }

  // A test process that dies without stop() must not leave a server running.
  const stopOnExit = () => {
    try {
      toolSync('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    port,
    dir,
    adminUrl,
    async createDatabase(options = {}) {
      const database = options.name ?? `test_${process.pid}_${++databaseCounter}`;
      const locale = options.icuLocale ? ` TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE ${pg.escapeLiteral(options.icuLocale)}` : '';
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}${locale}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${database}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      try {
        await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * One cluster for the calling test file: started before its tests, stopped after them. Read `.current` inside
 * hooks and tests.
 */
export function usePostgres(): { readonly current: PostgresCluster } {
  return useEngine('The PostgreSQL cluster', startPostgres, (cluster) => cluster.stop(), 60_000);
}
