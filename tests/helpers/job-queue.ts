import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Attempt, ClaimedJob, JobKind } from '@server/lib/queue/job-queue';

/** A kind's table as the queue needs it: status, due time, attempts and a claim time. */
export const testJobs = sqliteTable('test_jobs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  status: text('status').notNull().default('waiting'),
  dueAt: text('due_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  claimedAt: text('claimed_at'),
  note: text('note'),
});

export type TestJob = ClaimedJob & { id: number };

/** Opens (or creates) a database file with the app's pragmas and the test table. */
export function openJobsDatabase(path: string) {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec(
    "CREATE TABLE IF NOT EXISTS test_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, status TEXT NOT NULL DEFAULT 'waiting', due_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, claimed_at TEXT, note TEXT)",
  );
  const db = drizzle(sqlite);
  return {
    db,
    sqlite,
    add(count: number, dueAt = new Date(0).toISOString()): void {
      const insert = sqlite.prepare('INSERT INTO test_jobs (due_at) VALUES (?)');
      sqlite.transaction(() => {
        for (let index = 0; index < count; index += 1) insert.run(dueAt);
      })();
    },
    rows: () => db.select().from(testJobs).orderBy(testJobs.id).all(),
    row: (id: number) => db.select().from(testJobs).where(eq(testJobs.id, id)).get()!,
  };
}

/** A kind over `test_jobs` whose attempts answer what `run` says; a final job's note is its outcome. */
export function testKind(run: (job: TestJob) => Promise<Attempt<string>>, overrides: Partial<JobKind<TestJob, string>> = {}): JobKind<TestJob, string> {
  return {
    table: {
      table: testJobs,
      id: testJobs.id,
      status: testJobs.status,
      dueAt: testJobs.dueAt,
      attempts: testJobs.attempts,
      waiting: 'waiting',
      claimed: { status: 'running', at: testJobs.claimedAt },
    },
    retry: { firstDelayMs: 1_000, factor: 2, maxDelayMs: 5_000, jitter: 0.5, maxAttempts: 10 },
    concurrency: 4,
    leaseMs: 60_000,
    load: (claimed) => claimed as TestJob[],
    run,
    columns: (_job, settled) => (settled.state === 'retrying' ? { note: settled.detail } : { status: settled.state, note: settled.detail }),
    ...overrides,
  };
}
