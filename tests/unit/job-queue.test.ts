import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobQueue, type Attempt } from '@server/platform/queue/job-queue';
import { backoffMs, nextAttemptAt, type RetryPolicy } from '@server/platform/queue/retry-policy';
import { openJobsDatabase, testKind, type TestJob } from '../helpers/job-queue';

const root = resolve(import.meta.dirname, '../..');
const silent = { error: () => {} };
const start = Date.parse('2026-11-24T12:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

let dir: string;
let database: ReturnType<typeof openJobsDatabase>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cuepoint-queue-'));
  database = openJobsDatabase(join(dir, 'jobs.db'));
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const failing = (retryAfterMs?: number) => async (): Promise<Attempt<string>> => ({ outcome: 'retry', detail: 'HTTP 503', retryAfterMs });

/** A worker process on the database file: `ready` once set up; `go()` starts it; `result` is the ids it ran. */
function startWorker(path: string) {
  const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'tests/helpers/job-queue-worker.ts', path], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.startsWith('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const result = new Promise<number[]>((done, fail) =>
    child.on('close', (code) => (code === 0 ? done(JSON.parse(stdout.slice('ready\n'.length)) as number[]) : fail(new Error(`worker exited ${code}: ${stderr}`)))),
  );
  return { ready, result, go: () => child.stdin.end('go\n') };
}

describe('claim', () => {
  it('gives each job to exactly one of two worker processes on the same database', async () => {
    const jobs = 600;
    database.add(jobs);
    const workers = [startWorker(join(dir, 'jobs.db')), startWorker(join(dir, 'jobs.db'))];
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.go();
    const [first, second] = await Promise.all(workers.map((worker) => worker.result));
    // Both took part, and together they ran every job once.
    expect(first!.length).toBeGreaterThan(0);
    expect(second!.length).toBeGreaterThan(0);
    const all = [...first!, ...second!].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: jobs }, (_, index) => index + 1));
    expect((await database.rows()).every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  }, 60_000);

  it('takes a claim whose lease ran out (its worker died) and ignores the late answer of the first claim', async () => {
    let now = start;
    const queue = new JobQueue(database.db, silent, { now: () => now });
    let release!: () => void;
    const attempts: string[] = [];
    const lane = queue.register(
      'test',
      testKind(async () => {
        const number = attempts.push(at(now));
        if (number === 1) await new Promise<void>((resolve) => (release = resolve));
        return { outcome: 'done', detail: `attempt ${number}` };
      }),
    );
    database.add(1, at(start));
    const stuck = lane.runDue(start);
    expect(await lane.runDue(start + 59_000)).toBe(0);
    now = start + 61_000;
    expect(await lane.runDue(now)).toBe(1);
    release();
    await stuck;
    expect(attempts).toEqual([at(start), at(start + 61_000)]);
    expect(await database.row(1)).toMatchObject({ status: 'done', note: 'attempt 2', attempts: 2, claimedAt: null });
  });
});

describe('retries', () => {
  const policy: RetryPolicy = { firstDelayMs: 1_000, factor: 2, maxDelayMs: 5_000, jitter: 0.5, maxAttempts: 10 };

  it('waits 1 s, 2 s, 4 s, then the 5 s cap between attempts', async () => {
    const queue = new JobQueue(database.db, silent, { random: () => 0 });
    const lane = queue.register('test', testKind(failing(), { retry: policy }));
    database.add(1, at(start));
    let now = start;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await lane.runDue(now)).toBe(1);
      const due = Date.parse((await database.row(1)).dueAt);
      expect(await lane.runDue(due - 1)).toBe(0);
      waits.push(due - now);
      now = due;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect([1, 2, 3, 4].map((attempt) => backoffMs(policy, attempt))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });

  it('spreads jobs that failed together by up to the jitter fraction', async () => {
    const draws = [0, 0.5, 0.9];
    const queue = new JobQueue(database.db, silent, { random: () => draws.shift()! });
    const lane = queue.register('test', testKind(failing(), { retry: policy }));
    database.add(3, at(start));
    expect(await lane.runDue(start)).toBe(3);
    const waits = (await database.rows()).map((row) => Date.parse(row.dueAt) - start);
    expect(waits.sort((a, b) => b - a)).toEqual([1_000, 750, 550]);
  });

  it('honours Retry-After exactly instead of the backoff', async () => {
    const queue = new JobQueue(database.db, silent, { random: () => 0.3 });
    const lane = queue.register('test', testKind(failing(42_000), { retry: policy }));
    database.add(1, at(start));
    await lane.runDue(start);
    expect(await database.row(1)).toMatchObject({ status: 'waiting', dueAt: at(start + 42_000), note: 'HTTP 503', claimedAt: null });
    expect(await lane.runDue(start + 41_999)).toBe(0);
    expect(await lane.runDue(start + 42_000)).toBe(1);
  });

  it('is dead after the policy’s attempts, and never claimed again', async () => {
    const queue = new JobQueue(database.db, silent, { random: () => 0 });
    const lane = queue.register('test', testKind(failing(), { retry: { ...policy, maxAttempts: 3 } }));
    database.add(1, at(start));
    let now = start;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await lane.runDue(now)).toBe(1);
      now += 3600_000;
    }
    expect(await database.row(1)).toMatchObject({ status: 'dead', attempts: 3, note: 'HTTP 503' });
    expect(await lane.runDue(now + 3600_000)).toBe(0);
    expect(await lane.metrics()).toEqual({ queued: 0, inFlight: 0, succeeded: 0, failed: 3, dead: 1 });
  });

  it('is dead once a retry would pass the deadline, or gets one last attempt at it', () => {
    const deadline = start + 10_000;
    const noJitter = { ...policy, jitter: 0, maxAttempts: undefined };
    expect(nextAttemptAt(noJitter, { attempts: 1, now: start, deadline })).toBe(start + 1_000);
    expect(nextAttemptAt(noJitter, { attempts: 4, now: start + 6_000, deadline })).toBeNull();
    expect(nextAttemptAt({ ...noJitter, lastAttemptAtDeadline: true }, { attempts: 4, now: start + 6_000, deadline })).toBe(deadline);
    expect(nextAttemptAt({ ...noJitter, lastAttemptAtDeadline: true }, { attempts: 5, now: deadline, deadline })).toBeNull();
    // A Retry-After past the deadline is not cut short: the job is dead.
    expect(nextAttemptAt({ ...noJitter, lastAttemptAtDeadline: true }, { attempts: 1, now: start, deadline, retryAfterMs: 20_000 })).toBeNull();
  });
});

describe('running in the background', () => {
  it('stop() waits for the attempt in flight to be recorded, then claims nothing more', async () => {
    const queue = new JobQueue(database.db, silent);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const lane = queue.register(
      'test',
      testKind(async (job: TestJob) => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 150));
        return { outcome: 'done', detail: `ran ${job.id}` };
      }),
    );
    database.add(1);
    queue.start();
    await running;
    expect(await lane.metrics()).toMatchObject({ inFlight: 1, queued: 1 });
    await queue.stop();
    expect(await database.row(1)).toMatchObject({ status: 'done', note: 'ran 1', claimedAt: null });
    expect(await lane.metrics()).toEqual({ queued: 0, inFlight: 0, succeeded: 1, failed: 0, dead: 0 });

    database.add(1);
    lane.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await database.row(2)).toMatchObject({ status: 'waiting', attempts: 0 });
  });

  it('counts outcomes per kind and refuses a kind registered twice', async () => {
    const queue = new JobQueue(database.db, silent, { random: () => 0 });
    const outcomes: Attempt<string>['outcome'][] = ['done', 'failed', 'retry'];
    const lane = queue.register('test', testKind(async () => ({ outcome: outcomes.shift()!, detail: 'x' })));
    expect(() => queue.register('test', testKind(failing()))).toThrow('job queue: the kind test is registered already');
    database.add(3, at(start));
    expect(await lane.runDue(start)).toBe(3);
    expect(await queue.metrics()).toEqual({ test: { queued: 1, inFlight: 0, succeeded: 1, failed: 2, dead: 1 } });
  });
});
