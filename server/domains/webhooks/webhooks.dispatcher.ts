import { siteNameOf } from '@server/domains/settings/settings.service';
import { createHmac } from 'node:crypto';
import type { lookup as dnsLookup } from 'node:dns';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { webhookAttempts, webhookDeliveries, webhooks } from '@db/schema/webhooks';
import type { AppConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import type { Mailer } from '@server/providers/mail/interface';
import { webhookMessages } from './webhooks.schemas';
import { postWebhook, type SendResult, type TargetRules } from './webhooks.transport';

const minuteMs = 60_000;
/** A webhook failing this long is switched off. */
export const disableAfterFailingMs = 3 * 24 * 3600 * 1000;
/** A claimed delivery is not picked up again for this long (an instance that dies mid-send frees it by then). */
const claimLeaseMs = minuteMs;
const batchSize = 20;

/** 30 s, 1 min, 2 min, ... doubling up to one hour between attempts. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * minuteMs);
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}

export interface WebhookDispatcherOptions {
  /** Run deliveries in the background as they are queued and every pollMs (default). Tests may drive processDue themselves. */
  background?: boolean;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: typeof dnsLookup;
}

interface DispatcherDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
}

/**
 * Sends queued webhook deliveries (table webhook_deliveries: the queue survives restarts). At least once: a
 * delivery is marked done only after a 2xx; one cut off by a crash is sent again after its claim lapses.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly rules: TargetRules;
  private readonly timeoutMs: number;

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly options: WebhookDispatcherOptions = {},
  ) {
    this.rules = {
      requireHttps: deps.config.env === 'production',
      allowPrivate: deps.config.webhookAllowPrivate,
      ...(options.resolve && { resolve: options.resolve }),
    };
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  get targetRules(): TargetRules {
    return this.rules;
  }

  start(): void {
    if (this.options.background === false || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  /** Something was queued: send what is due soon, without waiting for the next poll. */
  kick(): void {
    if (this.closed || this.options.background === false) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while ((await this.processDue()) === batchSize && !this.closed);
      } catch (error) {
        this.deps.log.error({ err: error }, 'webhook deliveries failed');
      }
    } while (this.again && !this.closed);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends every delivery due at `now`; answers how many were attempted. */
  async processDue(now = new Date()): Promise<number> {
    const nowIso = now.toISOString();
    const due = this.deps.db
      .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, nowIso), eq(webhooks.isActive, true)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(batchSize)
      .all();
    const claimed = due.filter((delivery) => this.claim(delivery.id, delivery.nextAttemptAt!, now));
    await Promise.all(claimed.map((delivery) => this.attempt(delivery.id, now)));
    return claimed.length;
  }

  private claim(id: string, seenNextAttemptAt: string, now: Date): boolean {
    const lease = new Date(now.getTime() + claimLeaseMs).toISOString();
    const result = this.deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: lease })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, seenNextAttemptAt)))
      .run();
    return result.changes === 1;
  }

  private async attempt(deliveryId: string, now: Date): Promise<void> {
    const found = this.deps.db
      .select({ delivery: webhookDeliveries, webhook: webhooks })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .get();
    if (!found) return;
    const { delivery, webhook } = found;
    const headers = {
      'Cuepoint-Signature': signatureHeader(webhook.secret, delivery.payload, Math.floor(Date.now() / 1000)),
      'Cuepoint-Event-Id': delivery.eventId,
      'Cuepoint-Event-Type': delivery.eventType,
    };
    const result = await postWebhook(webhook.url, delivery.payload, headers, this.rules, this.timeoutMs);
    this.record(delivery, webhook, result, now);
  }

  private record(delivery: typeof webhookDeliveries.$inferSelect, webhook: typeof webhooks.$inferSelect, result: SendResult, now: Date): void {
    const nowIso = now.toISOString();
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const error = result.error ?? (succeeded ? null : `Answered HTTP ${result.statusCode}`);
    const attemptCount = delivery.attemptCount + 1;
    let disable = false;
    this.deps.db.transaction((tx) => {
      tx.insert(webhookAttempts)
        .values({ id: newId(), deliveryId: delivery.id, attemptedAt: nowIso, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs })
        .run();
      if (succeeded) {
        tx.update(webhookDeliveries)
          .set({ status: 'succeeded', attemptCount, nextAttemptAt: null, lastStatusCode: result.statusCode, lastError: null, deliveredAt: nowIso })
          .where(eq(webhookDeliveries.id, delivery.id))
          .run();
        tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id)).run();
        return;
      }
      const retryUntil = Date.parse(delivery.retryUntil);
      const exhausted = now.getTime() >= retryUntil;
      tx.update(webhookDeliveries)
        .set({
          status: exhausted ? 'failed' : 'pending',
          attemptCount,
          nextAttemptAt: exhausted ? null : new Date(Math.min(now.getTime() + retryDelayMs(attemptCount), retryUntil)).toISOString(),
          lastStatusCode: result.statusCode,
          lastError: error,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
        .run();
      // Read again inside the transaction: deliveries to one webhook are sent side by side.
      const current = tx.select({ failingSince: webhooks.failingSince, isActive: webhooks.isActive }).from(webhooks).where(eq(webhooks.id, webhook.id)).get();
      if (!current) return;
      const failingSince = current.failingSince ?? nowIso;
      disable = current.isActive && now.getTime() - Date.parse(failingSince) >= disableAfterFailingMs;
      tx.update(webhooks)
        .set(disable ? { failingSince, isActive: false, disabledReason: webhookMessages.disabledAfterFailures, updatedAt: nowIso } : { failingSince })
        .where(eq(webhooks.id, webhook.id))
        .run();
    });
    if (disable) void this.noticeDisabled(webhook);
  }

  /** The owner hears about it by mail; the Webhooks page shows the reason too. */
  private async noticeDisabled(webhook: typeof webhooks.$inferSelect): Promise<void> {
    this.deps.log.warn({ webhookId: webhook.id }, 'webhook disabled after failing for 3 days');
    const owner = this.deps.db.select({ email: users.email, name: users.displayName }).from(users).where(eq(users.id, webhook.userId)).get();
    if (!owner) return;
    try {
      await this.deps.mailer.send({
        to: owner.email,
        subject: `Your ${siteNameOf(this.deps)} webhook was turned off`,
        text: [
          `Hello ${owner.name},`,
          '',
          `Your webhook ${webhook.url} has failed every delivery for 3 days, so we turned it off.`,
          'Fix the endpoint, then turn the webhook back on from the Webhooks page. Failed deliveries can be sent again from its delivery log.',
        ].join('\n'),
      });
    } catch (error) {
      this.deps.log.error({ err: error, webhookId: webhook.id }, 'could not send the webhook notice');
    }
  }
}
