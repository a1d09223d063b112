/**
 * One worker process for the queue's claim test: `tsx job-queue-worker.ts <database file>`. Prints `ready`, waits
 * for a line on stdin (so both workers start claiming at once), works the test kind until nothing is open, and
 * prints the ids it ran as JSON.
 */
import { JobQueue } from '@server/lib/queue/job-queue';
import { openJobsDatabase, testKind } from './job-queue';

const [path] = process.argv.slice(2);
const database = openJobsDatabase(path!);
const ran: number[] = [];
const queue = new JobQueue(database.db, { error: (details, message) => console.error(message, details) });
const lane = queue.register(
  'test',
  testKind(async (job) => {
    ran.push(job.id);
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
