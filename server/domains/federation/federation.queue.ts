import { and, inArray, lt } from 'drizzle-orm';
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { federationMessages } from '@db/schema/federation';
import type { Db } from '@db/store';
import { newId } from '@server/lib/ids';
import type { ClaimedJob, JobKind, JobLaneHandle, JobQueue } from '@server/platform/queue/job-queue';
import type { RetryPolicy } from '@server/platform/queue/retry-policy';

type Duration = { total(unit: { unit: 'millisecond' }): number };

/** 10 s, 20 s, 40 s, ... doubling up to one hour (each up to a fifth shorter); a message is dead a day after it was queued. */
export const federationRetryPolicy: RetryPolicy = { firstDelayMs: 10_000, factor: 2, maxDelayMs: 3600_000, jitter: 0.2 };
export const federationMessageLifetimeMs = 24 * 3600 * 1000;

export interface FederationQueueOptions {
  /** false: nothing runs in the background; tests drive `runDue` (default: background). */
  background?: boolean;
  pollMs?: number;
}

/**
 * Fedify's outgoing messages carry the sender's private keys (JWK) so any worker can sign them: a settled message keeps
 * the rest of its content for a day (the sweep) but not the keys.
 */
function withoutKeys(message: unknown): unknown {
  if (!message || typeof message !== 'object' || !('keys' in message)) return message;
  const { keys: _keys, ...rest } = message as Record<string, unknown>;
  return rest;
}

type MessageJob = ClaimedJob & { message: unknown; createdAt: string };
type Handler = (message: unknown) => Promise<void> | void;

/**
 * Fedify's MessageQueue on our job queue (kind `federation`, table `federation_messages`): outgoing deliveries (one
 * message per inbox, Fedify fans out) and received activities. Claimed once across instances, retried with our
 * backoff (`nativeRetrial`: Fedify leaves retries to us and throws a failed delivery back), dead after a day.
 */
export class JobQueueMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  private readonly lane: JobLaneHandle;
  private handler: Handler | null = null;

  constructor(
    private readonly db: Db,
    jobs: JobQueue,
    private readonly now: () => number,
    options: FederationQueueOptions = {},
  ) {
    this.lane = jobs.register('federation', this.jobKind(options));
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (!messages.length) return;
    const delayMs = options?.delay ? Math.max(0, (options.delay as unknown as Duration).total({ unit: 'millisecond' })) : 0;
    const now = this.now();
    const dueAt = new Date(now + delayMs).toISOString();
    const createdAt = new Date(now).toISOString();
    await this.db.insert(federationMessages).values(messages.map((message) => ({ id: newId(), message, dueAt, createdAt })));
    this.lane.kick();
  }

  /** Fedify's worker: messages are handed to `handler` until the signal aborts (the lane itself runs with the job queue). */
  listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    this.handler = handler;
    this.lane.kick();
    return new Promise((resolve) => {
      if (!options?.signal) return;
      if (options.signal.aborted) return resolve();
      options.signal.addEventListener('abort', () => {
        this.handler = null;
        resolve();
      });
    });
  }

  /** Attempts every message due now (tests without the background lane). */
  runDue(now?: number): Promise<number> {
    return this.lane.runDue(now);
  }

  private jobKind(options: FederationQueueOptions): JobKind<MessageJob, string | null> {
    return {
      table: {
        table: federationMessages,
        id: federationMessages.id,
        status: federationMessages.status,
        dueAt: federationMessages.dueAt,
        attempts: federationMessages.attempts,
        waiting: 'pending',
      },
      retry: federationRetryPolicy,
      concurrency: 10,
      leaseMs: 60_000,
      idlePollMs: options.pollMs ?? 5_000,
      background: options.background,
      load: async (claimed) => {
        const byId = new Map(claimed.map((job) => [job.id, job]));
        const rows = await this.db
          .select({ id: federationMessages.id, message: federationMessages.message, createdAt: federationMessages.createdAt })
          .from(federationMessages)
          .where(inArray(federationMessages.id, [...byId.keys()] as string[]));
        return rows.map((row) => ({ ...byId.get(row.id)!, message: row.message, createdAt: row.createdAt }));
      },
      run: async (job) => {
        const handler = this.handler;
        // Claimed before Fedify started listening (a restart): tried again shortly.
        if (!handler) return { outcome: 'retry', detail: 'not listening yet', retryAfterMs: 1_000 };
        try {
          await handler(job.message);
          return { outcome: 'done', detail: null };
        } catch (error) {
          return { outcome: 'retry', detail: error instanceof Error ? error.message.slice(0, 500) : 'failed' };
        }
      },
      deadline: (job) => Date.parse(job.createdAt) + federationMessageLifetimeMs,
      columns: (job, settled) => ({
        lastError: settled.detail,
        ...(settled.state !== 'retrying' && { status: settled.state, finishedAt: new Date(settled.at).toISOString(), message: withoutKeys(job.message) }),
      }),
    };
  }

  /** Deletes messages settled more than a day ago (the runtime's sweep). */
  async sweep(): Promise<void> {
    const before = new Date(this.now() - federationMessageLifetimeMs).toISOString();
    await this.db.delete(federationMessages).where(and(inArray(federationMessages.status, ['done', 'dead']), lt(federationMessages.finishedAt, before)));
  }
}
