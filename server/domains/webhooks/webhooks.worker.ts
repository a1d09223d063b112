import { siteNameOf } from '@server/domains/settings/settings.service';
import { createHmac } from 'node:crypto';
import type { lookup as dnsLookup } from 'node:dns';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { webhookAttempts, webhookDeliveries, webhooks } from '@db/schema/webhooks';
import type { AppConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import type { ClaimedJob, JobKind, JobLaneHandle, JobQueue, QueueTx, Settled } from '@server/platform/queue/job-queue';
import type { BackgroundTasks } from '@server/platform/background-tasks';
import type { RetryPolicy } from '@server/platform/queue/retry-policy';
import type { Mailer } from '@server/providers/mail/interface';
import { webhookMessages } from './webhooks.schemas';
import { postWebhook, type SendResult, type TargetRules } from './webhooks.transport';

/** A webhook failing this long is switched off. */
export const disableAfterFailingMs = 3 * 24 * 3600 * 1000;

/** 30 s, 1 min, 2 min, ... doubling up to one hour between attempts (each up to a fifth shorter), until the delivery's retry window closes, with one last attempt at its end. */
export const webhookRetryPolicy: RetryPolicy = { firstDelayMs: 30_000, factor: 2, maxDelayMs: 3600_000, jitter: 0.2, lastAttemptAtDeadline: true };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}

export interface WebhooksWorkerOptions {
  /** Send deliveries in the background as they are queued (default). Tests may drive `processDue` themselves. */
  background?: boolean;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: typeof dnsLookup;
}

interface WebhooksWorkerDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  background: BackgroundTasks;
}

type WebhookRow = typeof webhooks.$inferSelect;
type WebhookJob = ClaimedJob & { delivery: typeof webhookDeliveries.$inferSelect; webhook: WebhookRow };

/**
 * Webhook deliveries on the shared queue (kind `webhook`, table `webhook_deliveries`). A claim moves the row's next
 * attempt a lease ahead (safe with several instances); deliveries of a switched-off webhook wait. At least once: a
 * delivery is done only after a 2xx; every attempt is recorded for the owner's delivery log.
 */
export class WebhooksWorker {
  private readonly rules: TargetRules;
  private readonly timeoutMs: number;
  private readonly lane: JobLaneHandle;

  constructor(
    private readonly deps: WebhooksWorkerDeps,
    jobs: JobQueue,
    options: WebhooksWorkerOptions = {},
  ) {
    this.rules = {
      requireHttps: deps.config.env === 'production',
      allowPrivate: deps.config.webhookAllowPrivate,
      ...(options.resolve && { resolve: options.resolve }),
    };
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.lane = jobs.register('webhook', this.jobKind(options));
  }

  get targetRules(): TargetRules {
    return this.rules;
  }

  /** Something was queued: send what is due now, without waiting for the next poll. */
  kick(): void {
    this.lane.kick();
  }

  /** Sends the deliveries due at `now` (up to 20), recording them at that time; answers how many were attempted. */
  processDue(now = new Date()): Promise<number> {
    return this.lane.runDue(now.getTime());
  }

  private jobKind(options: WebhooksWorkerOptions): JobKind<WebhookJob, SendResult> {
    const { db } = this.deps;
    return {
      table: {
        table: webhookDeliveries,
        id: webhookDeliveries.id,
        status: webhookDeliveries.status,
        dueAt: webhookDeliveries.nextAttemptAt,
        attempts: webhookDeliveries.attemptCount,
        waiting: 'pending',
        claimable: sql`exists (select 1 from ${webhooks} where ${webhooks.id} = ${webhookDeliveries.webhookId} and ${eq(webhooks.isActive, true)})`,
      },
      retry: webhookRetryPolicy,
      concurrency: 20,
      leaseMs: 60_000,
      idlePollMs: options.pollMs ?? 5_000,
      background: options.background,
      load: async (claimed) => {
        const byId = new Map(claimed.map((job) => [job.id, job]));
        const rows = await db
          .select({ delivery: webhookDeliveries, webhook: webhooks })
          .from(webhookDeliveries)
          .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
          .where(inArray(webhookDeliveries.id, [...byId.keys()] as string[]));
        return rows.map((row) => ({ ...byId.get(row.delivery.id)!, ...row }));
      },
      run: async ({ delivery, webhook }) => {
        const headers = {
          'Cuepoint-Signature': signatureHeader(webhook.secret, delivery.payload, Math.floor(Date.now() / 1000)),
          'Cuepoint-Event-Id': delivery.eventId,
          'Cuepoint-Event-Type': delivery.eventType,
        };
        const result = await postWebhook(webhook.url, delivery.payload, headers, this.rules, this.timeoutMs);
        const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
        return { outcome: succeeded ? 'done' : 'retry', detail: result };
      },
      deadline: ({ delivery }) => Date.parse(delivery.retryUntil),
      columns: (_job, settled) => {
        const result = settled.detail;
        const answer = { lastStatusCode: result.statusCode, lastError: result.error ?? (settled.state === 'done' ? null : `Answered HTTP ${result.statusCode}`) };
        if (settled.state === 'done') return { ...answer, status: 'succeeded', nextAttemptAt: null, deliveredAt: new Date(settled.startedAt).toISOString() };
        return settled.state === 'dead' ? { ...answer, status: 'failed', nextAttemptAt: null } : answer;
      },
      settle: (tx, job, settled) => this.settle(tx, job, settled),
    };
  }

  /** The attempt for the delivery log, and the webhook's failure streak: failing for 3 days switches it off. */
  private async settle(tx: QueueTx, { delivery, webhook }: WebhookJob, settled: Settled<SendResult>): Promise<(() => void) | void> {
    const attemptedAt = new Date(settled.startedAt).toISOString();
    const { statusCode, error, durationMs } = settled.detail;
    await tx.insert(webhookAttempts).values({ id: newId(), deliveryId: delivery.id, attemptedAt, statusCode, error, durationMs });
    if (settled.state === 'done') {
      await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhook.id));
      return;
    }
    // Read again inside the transaction: deliveries to one webhook are sent side by side.
    const current = await firstRow(tx.select({ failingSince: webhooks.failingSince, isActive: webhooks.isActive }).from(webhooks).where(eq(webhooks.id, webhook.id)));
    if (!current) return;
    const failingSince = current.failingSince ?? attemptedAt;
    const disable = current.isActive && settled.startedAt - Date.parse(failingSince) >= disableAfterFailingMs;
    await tx
      .update(webhooks)
      .set(disable ? { failingSince, isActive: false, disabledReason: webhookMessages.disabledAfterFailures, updatedAt: attemptedAt } : { failingSince })
      .where(eq(webhooks.id, webhook.id));
    if (disable) {
      // After the commit, detached: the mail never holds the transaction.
      return () => this.deps.background.run('could not send the webhook notice', () => this.noticeDisabled(webhook), { webhookId: webhook.id });
    }
  }

  /** The owner hears about it by mail; the Webhooks page shows the reason too. */
  private async noticeDisabled(webhook: WebhookRow): Promise<void> {
    this.deps.log.warn({ webhookId: webhook.id }, 'webhook disabled after failing for 3 days');
    const owner = await firstRow(this.deps.db.select({ email: users.email, name: users.displayName }).from(users).where(eq(users.id, webhook.userId)));
    if (!owner) return;
    try {
      await this.deps.mailer.send({
        to: owner.email,
        subject: `Your ${await siteNameOf(this.deps)} webhook was turned off`,
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
