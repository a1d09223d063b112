import { and, asc, eq, inArray, lt, lte, min, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '@db/schema/push';
import type { PushOutcome, PushSender } from '@server/providers/push/interface';

export interface PushQueueOptions {
  /** Sends in flight at most. */
  concurrency: number;
  /** A claim older than this is considered abandoned (its process died mid-send) and the row is claimable again. */
  leaseMs?: number;
  /** How often an idle queue looks for work another instance queued or a retry that came due. */
  idlePollMs?: number;
  /** Attempts before a delivery that keeps failing with 429/5xx/network errors counts as failed. */
  maxAttempts?: number;
  /** Delay before retry number `attempt` when the push service gave no Retry-After. */
  backoffMs?(attempt: number): number;
  /** Give up on a delivery this long after its notification was created (the TTL the push service honours anyway). */
  expireAfterMs: number;
  now?(): number;
}

/** 5 s, 20 s, 80 s, 5 min 20 s, then 15 min. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(5_000 * 4 ** Math.max(0, attempt - 1), 15 * 60_000);
}

interface ClaimedDelivery {
  id: number;
  attempts: number;
  /** Our claim: an outcome is recorded only while the row still carries it (a lease taken over by another worker wins). */
  claimedAt: string | null;
  notificationId: string;
  notificationCreatedAt: string;
  title: string;
  body: string;
  url: string;
  icon: string | null;
  subscriptionId: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/**
 * The persisted delivery queue (`push_deliveries`). Rows are claimed in an IMMEDIATE transaction (status
 * `sending`, claim time, attempt count), sent with at most `concurrency` in flight, and their outcome recorded
 * in another transaction. `stop()` claims nothing more and waits for the sends in flight, so a graceful
 * restart sends every notification exactly once. After a crash a claimed row is sent again once its lease
 * runs out; that copy carries the same Topic (the push service replaces an undelivered one) and the same
 * notification tag (the service worker replaces a shown one), so a fan still sees it once.
 */
export class PushQueue {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly leaseMs: number;
  private readonly idlePollMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
    private readonly options: PushQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.idlePollMs = options.idlePollMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.running = true;
    this.wakeIn(0);
  }

  /** New work was queued: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.wakeIn(0);
  }

  /** Claims nothing more and resolves once every send in flight has its outcome recorded. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  get activeSends(): number {
    return this.inFlight.size;
  }

  private wakeIn(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private pump(): void {
    if (!this.running) return;
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return;
    let claimed: ClaimedDelivery[];
    try {
      claimed = this.claim(free);
    } catch (error) {
      this.log.error({ err: error }, 'push queue: claiming deliveries failed');
      this.wakeIn(this.idlePollMs);
      return;
    }
    for (const delivery of claimed) {
      const sending: Promise<void> = this.deliver(delivery).finally(() => {
        this.inFlight.delete(sending);
        this.pump();
      });
      this.inFlight.add(sending);
    }
    if (claimed.length < free) this.wakeIn(this.nextWakeMs());
  }

  /** Due pending rows and abandoned claims, oldest first, marked as ours in one write transaction. */
  private claim(limit: number): ClaimedDelivery[] {
    const now = this.now();
    const nowText = new Date(now).toISOString();
    const abandonedBefore = new Date(now - this.leaseMs).toISOString();
    return this.db.transaction(
      (tx) => {
        const ids = tx
          .select({ id: pushDeliveries.id })
          .from(pushDeliveries)
          .where(
            or(
              and(eq(pushDeliveries.status, 'pending'), lte(pushDeliveries.nextAttemptAt, nowText)),
              and(eq(pushDeliveries.status, 'sending'), lt(pushDeliveries.claimedAt, abandonedBefore)),
            ),
          )
          .orderBy(asc(pushDeliveries.nextAttemptAt), asc(pushDeliveries.id))
          .limit(limit)
          .all()
          .map((row) => row.id);
        if (!ids.length) return [];
        tx.update(pushDeliveries)
          .set({ status: 'sending', claimedAt: nowText, attempts: sql`${pushDeliveries.attempts} + 1` })
          .where(inArray(pushDeliveries.id, ids))
          .run();
        return tx
          .select({
            id: pushDeliveries.id,
            attempts: pushDeliveries.attempts,
            claimedAt: pushDeliveries.claimedAt,
            notificationId: pushDeliveries.notificationId,
            notificationCreatedAt: pushNotifications.createdAt,
            title: pushNotifications.title,
            body: pushNotifications.body,
            url: pushNotifications.url,
            icon: pushNotifications.icon,
            subscriptionId: pushDeliveries.subscriptionId,
            endpoint: pushSubscriptions.endpoint,
            p256dh: pushSubscriptions.p256dh,
            auth: pushSubscriptions.auth,
          })
          .from(pushDeliveries)
          .innerJoin(pushNotifications, eq(pushNotifications.id, pushDeliveries.notificationId))
          .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
          .where(inArray(pushDeliveries.id, ids))
          .all();
      },
      { behavior: 'immediate' },
    );
  }

  /** Until the next retry comes due, at most the idle poll. */
  private nextWakeMs(): number {
    const next = this.db
      .select({ at: min(pushDeliveries.nextAttemptAt) })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.status, 'pending'))
      .get()?.at;
    if (!next) return this.idlePollMs;
    return Math.min(this.idlePollMs, Math.max(0, Date.parse(next) - this.now()));
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    if (!delivery.endpoint || !delivery.p256dh || !delivery.auth) {
      this.record(delivery, { status: 'skipped', lastError: 'the subscription was removed before delivery' });
      return;
    }
    let outcome: PushOutcome;
    try {
      outcome = await this.sender.send(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        {
          payload: JSON.stringify({ id: delivery.notificationId, title: delivery.title, body: delivery.body, url: delivery.url, icon: delivery.icon }),
          ttlSeconds: Math.round(this.options.expireAfterMs / 1000),
          urgency: 'normal',
          topic: delivery.notificationId,
        },
      );
    } catch (error) {
      outcome = { kind: 'retry', status: null, retryAfterMs: null, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      this.recordOutcome(delivery, outcome);
    } catch (error) {
      this.log.error({ err: error, deliveryId: delivery.id }, 'push queue: recording an outcome failed');
    }
  }

  private recordOutcome(delivery: ClaimedDelivery, outcome: PushOutcome): void {
    switch (outcome.kind) {
      case 'delivered':
        return this.record(delivery, { status: 'sent', lastStatusCode: outcome.status, lastError: null });
      case 'gone':
        return this.record(delivery, { status: 'removed', lastStatusCode: outcome.status, lastError: null }, { deleteSubscription: true });
      case 'rejected':
        return this.record(delivery, { status: 'failed', lastStatusCode: outcome.status, lastError: outcome.error });
      case 'retry': {
        const retryAt = this.now() + (outcome.retryAfterMs ?? this.backoffMs(delivery.attempts));
        const expiresAt = Date.parse(delivery.notificationCreatedAt) + this.options.expireAfterMs;
        if (delivery.attempts >= this.maxAttempts || retryAt >= expiresAt) {
          return this.record(delivery, { status: 'failed', lastStatusCode: outcome.status, lastError: outcome.error });
        }
        this.db
          .update(pushDeliveries)
          .set({ status: 'pending', nextAttemptAt: new Date(retryAt).toISOString(), claimedAt: null, lastStatusCode: outcome.status, lastError: outcome.error })
          .where(this.stillOurs(delivery))
          .run();
        return;
      }
    }
  }

  private stillOurs(delivery: ClaimedDelivery) {
    return and(eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, 'sending'), eq(pushDeliveries.claimedAt, delivery.claimedAt ?? ''));
  }

  /** A final outcome; completes the notification when it was its last open delivery. */
  private record(
    delivery: ClaimedDelivery,
    result: { status: 'sent' | 'failed' | 'removed' | 'skipped'; lastStatusCode?: number | null; lastError: string | null },
    options: { deleteSubscription?: boolean } = {},
  ): void {
    const nowText = new Date(this.now()).toISOString();
    this.db.transaction((tx) => {
      const updated = tx
        .update(pushDeliveries)
        .set({ status: result.status, lastStatusCode: result.lastStatusCode ?? null, lastError: result.lastError, completedAt: nowText, claimedAt: null })
        .where(this.stillOurs(delivery))
        .run();
      if (updated.changes === 0) return;
      if (options.deleteSubscription && delivery.subscriptionId) {
        tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, delivery.subscriptionId)).run();
      }
      const open = tx
        .select({ id: pushDeliveries.id })
        .from(pushDeliveries)
        .where(and(eq(pushDeliveries.notificationId, delivery.notificationId), inArray(pushDeliveries.status, ['pending', 'sending'])))
        .limit(1)
        .get();
      if (!open) tx.update(pushNotifications).set({ completedAt: nowText }).where(eq(pushNotifications.id, delivery.notificationId)).run();
    });
  }
}
