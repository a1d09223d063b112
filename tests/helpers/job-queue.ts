import { eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { openSqliteStore } from '@db/sqlite-store';
import { firstRow } from '@db/store';
import type { Attempt, ClaimedJob, JobKind } from '@server/platform/queue/job-queue';

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

/** Opens (or creates) a database file as the app's store (its pragmas, the async db) with the test table. */
export function openJobsDatabase(path: string) {
  const store = openSqliteStore(path);
  const { sqlite, db } = store;
  sqlite.exec(
    "CREATE TABLE IF NOT EXISTS test_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, status TEXT NOT NULL DEFAULT 'waiting', due_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, claimed_at TEXT, note TEXT)",
  );
  sqlite.exec('CREATE TABLE IF NOT EXISTS test_workers (pid INTEGER PRIMARY KEY)');
  return {
    db,
    sqlite,
    store,
    add(count: number, dueAt = new Date(0).toISOString()): void {
      const insert = sqlite.prepare('INSERT INTO test_jobs (due_at) VALUES (?)');
      sqlite.transaction(() => {
        for (let index = 0; index < count; index += 1) insert.run(dueAt);
      })();
    },
    rows: () => db.select().from(testJobs).orderBy(testJobs.id),
    row: async (id: number) => (await firstRow(db.select().from(testJobs).where(eq(testJobs.id, id))))!,
    close: () => store.close(),
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
    load: async (claimed) => claimed as TestJob[],
    run,
    columns: (_job, settled) => (settled.state === 'retrying' ? { note: settled.detail } : { status: settled.state, note: settled.detail }),
    ...overrides,
  };
}
