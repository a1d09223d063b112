/**
 * The PostgreSQL part of bench/scale.ts: a private cluster (the tests' helper, tests/engines/postgres.ts), the CPU
 * time of its processes (the work SQLite does inside the app process happens in these), the statements one request
 * sends (`log_statement = all` for a moment) and the transactions aborted under load (serialization failures run again).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresCluster } from '../tests/engines/postgres';

export type { PostgresCluster } from '../tests/engines/postgres';

/** Starts the cluster, or says what the PostgreSQL rows need. */
export async function startBenchPostgres(): Promise<PostgresCluster> {
  try {
    // The app's pools (10 connections each) and the admin's, for the instances the bench starts.
    return await startPostgres({ maxConnections: 60 });
  } catch (error) {
    throw new Error(`PostgreSQL did not start, and the PostgreSQL rows need it (apt-get install postgresql, or PG_BIN=<its bin dir>): ${(error as Error).message}`);
  }
}

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface ProcessTimes {
  parent: number;
  /** User + system time of the process itself, in clock ticks. */
  own: number;
  /** User + system time of its children that have exited and been waited for, in clock ticks. */
  children: number;
}

/** `/proc/<pid>/stat`'s parent and times (the command name, field 2, may hold spaces and parentheses). */
export function parseProcessStat(stat: string): ProcessTimes {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
  const field = (number: number) => Number(fields[number - 3]);
  return { parent: field(4), own: field(14) + field(15), children: field(16) + field(17) };
}

function readStat(pid: number): ProcessTimes | null {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // exited meanwhile
  }
}

/**
 * CPU time (µs) the cluster has used so far: the postmaster, the backends it has reaped (a pool closes idle
 * connections) and those alive now. Linux only; null elsewhere.
 */
export function clusterCpuMicros(cluster: PostgresCluster): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const root = readStat(postmaster);
  if (!root) return null;
  let ticks = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = readStat(Number(entry));
    if (child?.parent === postmaster) ticks += child.own;
  }
  return (ticks / clockTicksPerSecond) * 1e6;
}

/** The statements a log holds for `database`, with `log_line_prefix` '%m [%p] %d ' and `log_statement = all`. */
export function countStatements(log: string, database: string): number {
  const line = new RegExp(`^\\S+ \\S+ \\S+ \\[\\d+\\] ${database.replace(/[^\w]/g, '\\$&')} LOG:  (statement|execute [^:]*): `, 'gm');
  return log.match(line)?.length ?? 0;
}

export interface StatementCount {
  /** Statements the database got between the request and its answer. */
  answer: number;
  /** Statements in the half second after the answer (the jobs the request queued, and any background poll). */
  after: number;
}

/**
 * Counts the statements of single requests: with every statement logged for the moment, each request is sent
 * alone `trials` times and the fewest statements seen are kept (a background poll may land in one trial, never in all).
 */
export async function statementsPerRequest(
  cluster: PostgresCluster,
  database: string,
  requests: Array<{ key: string; send: () => Promise<void> }>,
  trials = 3,
): Promise<Map<string, StatementCount>> {
  const logFile = join(cluster.dir, 'server.log');
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const configure = async (statements: string[]) => {
    for (const statement of statements) await admin.query(statement);
    await admin.query('SELECT pg_reload_conf()');
    await settle(300); // backends reread the configuration before their next command
  };
  const counts = new Map<string, StatementCount>();
  try {
    await configure(["ALTER SYSTEM SET log_statement = 'all'", "ALTER SYSTEM SET log_line_prefix = '%m [%p] %d '"]);
    const logged = (from: number, to?: number) => readFileSync(logFile).subarray(from, to).toString('utf8');
    for (const { key, send } of requests) {
      let fewest: StatementCount = { answer: Infinity, after: Infinity };
      for (let trial = 0; trial < trials; trial += 1) {
        const before = statSync(logFile).size;
        await send();
        const answered = statSync(logFile).size;
        await settle(500);
        const answer = countStatements(logged(before, answered), database);
        const after = countStatements(logged(answered), database);
        if (answer < fewest.answer || (answer === fewest.answer && after < fewest.after)) fewest = { answer, after };
      }
      counts.set(key, fewest);
    }
  } finally {
    await configure(['ALTER SYSTEM RESET log_statement', 'ALTER SYSTEM RESET log_line_prefix']).finally(() => admin.end());
  }
  return counts;
}

/** Committed and aborted transactions of `database` so far (backends report theirs within seconds of going idle). */
export async function transactionCounts(cluster: PostgresCluster, database: string): Promise<{ committed: number; aborted: number }> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ committed: string; aborted: string }>('SELECT xact_commit AS committed, xact_rollback AS aborted FROM pg_stat_database WHERE datname = $1', [database]);
    return { committed: Number(rows[0]?.committed ?? 0), aborted: Number(rows[0]?.aborted ?? 0) };
  } finally {
    await admin.end();
  }
}

/** The database name of a `postgres://…/<name>` URL. */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
