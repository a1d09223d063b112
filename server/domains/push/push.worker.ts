import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '@db/schema/push';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import type { AppConfig } from '@server/config';
import { backoffMs, type RetryPolicy } from '@server/platform/queue/retry-policy';
import type { Attempt, ClaimedJob, JobKind, JobLaneHandle, JobQueue, QueueTx, Settled } from '@server/platform/queue/job-queue';
import type { PushOutcome, PushSender } from '@server/providers/push/interface';
import { loadOrCreateVapidKeys } from '@server/providers/push/vapid-keys';
import { WebPushSender } from '@server/providers/push/web-push';
import { announceStartedEvents, notificationTtlSeconds } from './push.service';
import { liveNotificationText, subscriberLocale } from './live-wording';
import type { PushDeliveryStatus, PushNotificationKind } from '@common/push-values';
import type { PushServices } from './push.service';

/** 5 s, 20 s, 80 s, 5 min 20 s, then 15 min (each up to a fifth shorter); failed after 6 attempts. */
export const pushRetryPolicy: RetryPolicy = { firstDelayMs: 5_000, factor: 4, maxDelayMs: 15 * 60_000, jitter: 0.2, maxAttempts: 6 };

export const pushBackoffMs = (attempt: number) => backoffMs(pushRetryPolicy, attempt);

interface PushJob extends ClaimedJob {
  id: number;
  notificationId: string;
  notificationCreatedAt: string;
  kind: PushNotificationKind;
  title: string;
  body: string;
  url: string;
  icon: string | null;
  subscriptionId: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** For a go-live notification's wording in the subscriber's language. */
  subscriberLocale: string | null;
  creatorLocale: string | null;
  creatorName: string;
  eventName: string | null;
}

/** How a delivery ended or why it waits: the row's status when final, and what the push service answered. */
interface PushDetail {
  status: Extract<PushDeliveryStatus, 'sent' | 'failed' | 'removed' | 'skipped'>;
  statusCode: number | null;
  error: string | null;
}

function detailOf(outcome: PushOutcome): Attempt<PushDetail> {
  switch (outcome.kind) {
    case 'delivered':
      return { outcome: 'done', detail: { status: 'sent', statusCode: outcome.status, error: null } };
    case 'gone':
      return { outcome: 'done', detail: { status: 'removed', statusCode: outcome.status, error: null } };
    case 'rejected':
      return { outcome: 'failed', detail: { status: 'failed', statusCode: outcome.status, error: outcome.error } };
    case 'retry':
      return { outcome: 'retry', retryAfterMs: outcome.retryAfterMs, detail: { status: 'failed', statusCode: outcome.status, error: outcome.error } };
  }
}

/**
 * What one subscriber reads: a go-live notification in the subscriber's language when it differs from the creator's
 * one it was recorded in (a creator's own notifications, and one whose event is gone, as recorded).
 */
function wordingFor(job: PushJob): { title: string; body: string } {
  if (job.kind === 'event_live' && job.eventName !== null) {
    const locale = subscriberLocale(job.subscriberLocale, job.creatorLocale);
    if (locale !== subscriberLocale(null, job.creatorLocale)) return liveNotificationText(locale, job.creatorName, job.eventName);
  }
  return { title: job.title, body: job.body };
}

/**
 * Push deliveries on the shared queue (kind `push`, table `push_deliveries`): a claim marks the row `sending`
 * with the claim time; each attempt encrypts and sends one notification to one subscription. A 404/410 removes the
 * subscription in the same transaction; the notification completes with its last open delivery. After a crash the
 * re-sent copy carries the same Topic and notification tag, so the fan still sees it once.
 */
export function pushJobKind(db: Db, sender: PushSender, concurrency: number): JobKind<PushJob, PushDetail> {
  const expireAfterMs = notificationTtlSeconds * 1000;
  return {
    table: {
      table: pushDeliveries,
      id: pushDeliveries.id,
      status: pushDeliveries.status,
      dueAt: pushDeliveries.nextAttemptAt,
      attempts: pushDeliveries.attempts,
      waiting: 'pending',
      claimed: { status: 'sending', at: pushDeliveries.claimedAt },
    },
    retry: pushRetryPolicy,
    concurrency,
    leaseMs: 120_000,
    async load(claimed) {
      const byId = new Map(claimed.map((job) => [job.id, job]));
      const rows = await db
        .select({
          id: pushDeliveries.id,
          notificationId: pushDeliveries.notificationId,
          notificationCreatedAt: pushNotifications.createdAt,
          kind: pushNotifications.kind,
          title: pushNotifications.title,
          body: pushNotifications.body,
          url: pushNotifications.url,
          icon: pushNotifications.icon,
          subscriptionId: pushDeliveries.subscriptionId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          subscriberLocale: pushSubscriptions.locale,
          creatorLocale: users.locale,
          creatorName: users.displayName,
          eventName: events.name,
        })
        .from(pushDeliveries)
        .innerJoin(pushNotifications, eq(pushNotifications.id, pushDeliveries.notificationId))
        .innerJoin(users, eq(users.id, pushNotifications.creatorId))
        .leftJoin(events, eq(events.id, pushNotifications.eventId))
        .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
        .where(inArray(pushDeliveries.id, [...byId.keys()] as number[]));
      return rows.map((row) => ({ ...byId.get(row.id)!, ...row }));
    },
    async run(job) {
      if (!job.endpoint || !job.p256dh || !job.auth) {
        return { outcome: 'done', detail: { status: 'skipped', statusCode: null, error: 'the subscription was removed before delivery' } };
      }
      try {
        const outcome = await sender.send(
          { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
          {
            payload: JSON.stringify({ id: job.notificationId, ...wordingFor(job), url: job.url, icon: job.icon }),
            ttlSeconds: notificationTtlSeconds,
            urgency: 'normal',
            topic: job.notificationId,
          },
        );
        return detailOf(outcome);
      } catch (error) {
        return { outcome: 'retry', detail: { status: 'failed', statusCode: null, error: error instanceof Error ? error.message : String(error) } };
      }
    },
    // The push service drops an undelivered notification after its TTL anyway.
    deadline: (job) => Date.parse(job.notificationCreatedAt) + expireAfterMs,
    columns(_job, settled) {
      const answer = { lastStatusCode: settled.detail.statusCode, lastError: settled.detail.error };
      return settled.state === 'retrying' ? answer : { ...answer, status: settled.detail.status, completedAt: new Date(settled.at).toISOString() };
    },
    async settle(tx, job, settled) {
      if (settled.state === 'done' && settled.detail.status === 'removed' && job.subscriptionId) {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId));
      }
      if (settled.state !== 'retrying') await completeIfLast(tx, job.notificationId, settled);
    },
  };
}

/** A notification is complete once none of its deliveries is pending or sending. */
async function completeIfLast(tx: QueueTx, notificationId: string, settled: Settled<PushDetail>): Promise<void> {
  const open = await firstRow(
    tx
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .where(and(eq(pushDeliveries.notificationId, notificationId), inArray(pushDeliveries.status, ['pending', 'sending'])))
      .limit(1),
  );
  if (!open) await tx.update(pushNotifications).set({ completedAt: new Date(settled.at).toISOString() }).where(eq(pushNotifications.id, notificationId));
}

/** `services.push`: the sender (with its VAPID public key), its lane of the job queue and the go-live sweep. */
export interface PushWorker {
  sender: PushSender;
  queue: JobLaneHandle;
  /** Starts the sweep that announces scheduled events when they start (the queue starts with the others). */
  start(services: PushServices): void;
  /** Stops the sweep and the lane; resolves once the sends in flight are recorded. */
  stop(): Promise<void>;
}

const sweepIntervalMs = 30_000;

/**
 * One tick of the go-live sweep: every instance ticks, the sweep lock lets one of them announce per period. Answers
 * whether this instance ran it.
 */
export function announceStartedEventsSweep(services: PushServices): Promise<boolean> {
  return services.sweeps.runExclusive('push:announce-started-events', { ttlMs: 5 * 60_000, periodMs: sweepIntervalMs - 1_000 }, () => announceStartedEvents(services));
}

export function createPushWorker(config: AppConfig, db: Db, jobs: JobQueue, sender?: PushSender): PushWorker {
  const pushSender =
    sender ??
    new WebPushSender(
      loadOrCreateVapidKeys(config.dataDir, { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey }),
      config.push.subject,
    );
  const queue = jobs.register('push', pushJobKind(db, pushSender, config.push.concurrency));
  let sweep: NodeJS.Timeout | undefined;
  return {
    sender: pushSender,
    queue,
    start(services) {
      const announce = () => services.background.run('push: announcing started events failed', () => announceStartedEventsSweep(services));
      announce();
      sweep = setInterval(announce, sweepIntervalMs);
      sweep.unref();
    },
    async stop() {
      clearInterval(sweep);
      await queue.stop();
    },
  };
}
