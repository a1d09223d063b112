import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStore } from '@db/postgres-store';
import { JobQueue } from '@server/platform/queue/job-queue';
import { usePostgres } from '../engines/postgres';
import { testKind } from '../helpers/job-queue';

/**
 * The queue's claim on PostgreSQL: `FOR UPDATE SKIP LOCKED`, so a worker passes over the rows another worker holds
 * instead of waiting for them, and workers on several instances drain one table together, each job once.
 */
const postgres = usePostgres();
const silent = { error: () => {} };
const createTable =
  "CREATE TABLE test_jobs (id SERIAL PRIMARY KEY, status TEXT NOT NULL DEFAULT 'waiting', due_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, claimed_at TEXT, note TEXT)";

let url: string;
let admin: pg.Client;
const stores: PostgresStore[] = [];

beforeAll(async () => {
  url = await postgres.current.createDatabase();
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(createTable);
});
afterAll(async () => {
  await admin.end();
});
beforeEach(async () => {
  await admin.query('TRUNCATE test_jobs RESTART IDENTITY');
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

async function addJobs(count: number): Promise<void> {
  await admin.query("INSERT INTO test_jobs (due_at) SELECT '1970-01-01T00:00:00.000Z' FROM generate_series(1, $1)", [count]);
}

async function openStore(): Promise<PostgresStore> {
  const store = await openPostgresStore(url);
  stores.push(store);
  return store;
}

describe('the job queue on PostgreSQL', () => {
  it('claims past the rows another worker holds, at once, and takes them when they are let go', async () => {
    await addJobs(10);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM test_jobs WHERE id <= 3 FOR UPDATE');

      const store = await openStore();
      const ran: number[] = [];
      const lane = new JobQueue(store.db, silent).register(
        'test',
        testKind(async (job) => {
          ran.push(job.id);
          return { outcome: 'done', detail: 'ran' };
        }),
      );
      const claimed = await Promise.race([lane.runDue(), sleep(3_000).then(() => 'waited for the held rows' as const)]);
      expect(claimed).toBe(4);
      expect(ran.sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);

      await holder.query('COMMIT');
      expect(await lane.runDue()).toBe(4);
      expect(await lane.runDue()).toBe(2);
      expect(ran.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
    }
  });

  it('answers the claimed jobs in the order they came due, also for a kind whose claim moves the due time', async () => {
    // Ids ascending, due times descending: only the due order puts job 5 first.
    await admin.query("INSERT INTO test_jobs (due_at) SELECT to_char(timestamp '2026-01-01' - n * interval '1 minute', 'YYYY-MM-DD\"T\"HH24:MI:SS.000\"Z\"') FROM generate_series(1, 5) AS n");
    const store = await openStore();
    const started: number[] = [];
    const kind = testKind(async (job) => {
      started.push(job.id);
      return { outcome: 'done', detail: 'ran' };
    });
    const lane = new JobQueue(store.db, silent).register('test', { ...kind, concurrency: 5, table: { ...kind.table, claimed: undefined } });
    expect(await lane.runDue()).toBe(5);
    expect(started).toEqual([5, 4, 3, 2, 1]);
  });

  it('gives each of 400 jobs to exactly one of four workers on their own connections', async () => {
    const jobs = 400;
    await addJobs(jobs);
    const ranBy = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const store = await openStore();
        const ran: number[] = [];
        const queue = new JobQueue(store.db, silent);
        const lane = queue.register(
          'test',
          testKind(
            async (job) => {
              ran.push(job.id);
              await sleep(1);
              return { outcome: 'done', detail: 'ran' };
            },
            { concurrency: 5, idlePollMs: 20 },
          ),
        );
        lane.start();
        while ((await lane.metrics()).queued > 0) await sleep(10);
        await queue.stop();
        return ran;
      }),
    );
    expect(ranBy.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: jobs }, (_, index) => index + 1));
    const rows = await admin.query<{ status: string; attempts: number }>('SELECT status, attempts FROM test_jobs');
    expect(rows.rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  }, 60_000);
});
