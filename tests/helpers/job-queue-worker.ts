/**
 * One worker process for the queue's claim test: `tsx job-queue-worker.ts <database file>`. Prints `ready`, waits
 * for a line on stdin (so both workers start claiming at once), works the test kind until nothing is open, and
 * prints the ids it ran as JSON. Its first attempts hold until the other worker has run one too, so a worker that
 * the machine schedules late still takes part (on a loaded machine one process could otherwise drain the queue).
 */
import { sql } from 'drizzle-orm';
import { JobQueue } from '@server/platform/queue/job-queue';
import { openJobsDatabase, testKind } from './job-queue';

const [path] = process.argv.slice(2);
const database = openJobsDatabase(path!);
const ran: number[] = [];
const workersNeeded = 2;
const holdLimitMs = 20_000;

let bothWorkersRan: Promise<void> | undefined;

async function holdUntilBothWorkersRan(): Promise<void> {
  await database.db.run(sql`INSERT OR IGNORE INTO test_workers (pid) VALUES (${process.pid})`);
  const deadline = Date.now() + holdLimitMs;
  while (Date.now() < deadline) {
    const [workers] = await database.db.get<[number]>(sql`SELECT count(*) FROM test_workers`);
    if (workers >= workersNeeded) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const queue = new JobQueue(database.db, { error: (details, message) => console.error(message, details) });
const lane = queue.register(
  'test',
  testKind(async (job) => {
    ran.push(job.id);
    await (bothWorkersRan ??= holdUntilBothWorkersRan());
    await new Promise((resolve) => setImmediate(resolve));
    return { outcome: 'done', detail: 'ran' };
  }, { concurrency: 3 }),
);
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
lane.start();
while ((await lane.metrics()).queued > 0) await new Promise((resolve) => setTimeout(resolve, 5));
await queue.stop();
await database.close();
process.stdout.write(JSON.stringify(ran));
