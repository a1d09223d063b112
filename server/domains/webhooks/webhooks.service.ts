import { DomainError } from '@server/platform/errors';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { webhookAttempts, webhookDeliveries, webhooks } from '@db/schema/webhooks';
import { newId } from '@server/lib/ids';
import type { Services } from '@server/services';
import {
  webhookEventTypes,
  webhookMessages,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDeliveryOutput,
  type WebhookEventBody,
  type WebhookEventType,
  type WebhookOutput,
} from './webhooks.schemas';
import { targetProblem, type TargetRules } from './webhooks.transport';

/** The deliveries' queue, woken when an event is recorded (the webhooks worker answers it). */
export interface WebhookDeliveries {
  kick(): void;
}

/** What recording a webhook event needs: the services and the deliveries' queue to wake. */
export type WebhookServices = Services & { webhooks: WebhookDeliveries };

const maxWebhooksPerOwner = 20;
/** Retries stop this long after the event. */
export const retryWindowMs = 24 * 3600 * 1000;

type WebhookRow = typeof webhooks.$inferSelect;

function toOutput(row: WebhookRow): WebhookOutput {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((event): event is WebhookEventType => (webhookEventTypes as readonly string[]).includes(event)),
    secret: row.secret,
    isActive: row.isActive,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function refuseTarget(url: string, rules: TargetRules): void {
  const problem = targetProblem(url, rules);
  if (problem) throw new DomainError({ code: 'BAD_REQUEST', message: problem });
}

async function ownWebhook(db: Db, ownerId: string, id: string): Promise<WebhookRow> {
  const row = await firstRow(db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, ownerId))));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: webhookMessages.notFound });
  return row;
}

export async function listWebhooks(db: Db, ownerId: string): Promise<WebhookOutput[]> {
  return (await db.select().from(webhooks).where(eq(webhooks.userId, ownerId)).orderBy(desc(webhooks.createdAt))).map(toOutput);
}

export async function createWebhook(db: Db, rules: TargetRules, ownerId: string, input: CreateWebhookInput): Promise<WebhookOutput> {
  refuseTarget(input.url, rules);
  // One transaction: the count and the insert, so two creates at once never pass the limit together.
  const row = await db.transaction(async (tx) => {
    const count = (await tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.userId, ownerId))).length;
    if (count >= maxWebhooksPerOwner) throw new DomainError({ code: 'CONFLICT', message: webhookMessages.tooMany });
    const now = new Date().toISOString();
    return firstRow(
      tx
        .insert(webhooks)
        .values({
          id: newId(),
          userId: ownerId,
          url: input.url,
          description: input.description ?? '',
          events: input.events,
          secret: `whsec_${randomBytes(24).toString('base64url')}`,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
  });
  return toOutput(row!);
}

export async function updateWebhook(db: Db, rules: TargetRules, ownerId: string, input: UpdateWebhookInput): Promise<WebhookOutput> {
  // One transaction: whether this switches the webhook back on depends on the row as read.
  const row = await db.transaction(async (tx) => {
    const existing = await ownWebhook(db, ownerId, input.id);
    if (input.url !== undefined) refuseTarget(input.url, rules);
    const reactivated = input.isActive === true && !existing.isActive;
    return firstRow(
      tx
        .update(webhooks)
        .set({
          ...(input.url !== undefined && { url: input.url }),
          ...(input.events !== undefined && { events: input.events }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.isActive !== undefined && { isActive: input.isActive }),
          ...(reactivated && { disabledReason: null, failingSince: null }),
          updatedAt: new Date().toISOString(),
        })
        .where(eq(webhooks.id, existing.id))
        .returning(),
    );
  });
  return toOutput(row!);
}

export async function deleteWebhook(db: Db, ownerId: string, id: string): Promise<{ id: string }> {
  await ownWebhook(db, ownerId, id);
  await db.delete(webhooks).where(eq(webhooks.id, id));
  return { id };
}

export async function listDeliveries(db: Db, ownerId: string, webhookId: string, limit: number): Promise<WebhookDeliveryOutput[]> {
  await ownWebhook(db, ownerId, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)))
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    payload: row.payload,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map(({ attemptedAt, statusCode, error, durationMs }) => ({ attemptedAt, statusCode, error, durationMs })),
  }));
}

/** Sends the same event (same id, same body) again, now, with a fresh 24-hour retry window. */
export async function redeliver(services: Pick<WebhookServices, 'db' | 'webhooks'>, ownerId: string, deliveryId: string): Promise<{ id: string }> {
  const found = await firstRow(
    services.db
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhooks.userId, ownerId))),
  );
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: webhookMessages.deliveryNotFound });
  const now = new Date();
  await services.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now.toISOString(), retryUntil: new Date(now.getTime() + retryWindowMs).toISOString() })
    .where(eq(webhookDeliveries.id, deliveryId));
  services.webhooks.kick();
  return { id: deliveryId };
}

export interface EmitOptions {
  /** When the event happens, if later than now (a scheduled episode): delivery waits until then. */
  at?: string | Date;
  /** What the event is about, so `cancelWebhookEvents` can call off a scheduled one. */
  subject?: string;
}

/**
 * The one way a domain announces something to its creator's webhooks: each active webhook of the owner that
 * subscribed to the type gets a queued delivery of the same event (same id), sent in the background.
 * Database statements only, so callers may await it inside their own transaction (it joins it). Answers the event
 * id, or null when no webhook wants it.
 */
export async function emitWebhookEvent(
  services: Pick<WebhookServices, 'db' | 'webhooks'>,
  ownerId: string,
  type: WebhookEventType,
  data: unknown,
  options: EmitOptions = {},
): Promise<string | null> {
  const now = Date.now();
  const at = options.at ? Math.max(new Date(options.at).getTime(), now) : now;
  // One transaction: the webhooks as read are the ones the deliveries point at (none deleted in between).
  const eventId = await services.db.transaction(async (tx) => {
    const targets = (
      await tx
        .select({ id: webhooks.id, events: webhooks.events })
        .from(webhooks)
        .where(and(eq(webhooks.userId, ownerId), eq(webhooks.isActive, true)))
    ).filter((webhook) => webhook.events.includes(type));
    if (!targets.length) return null;
    const happenedAt = new Date(at).toISOString();
    const body: WebhookEventBody = { id: `evt_${newId(16)}`, type, createdAt: happenedAt, data };
    const payload = JSON.stringify(body);
    await tx.insert(webhookDeliveries).values(
      targets.map((webhook) => ({
        id: newId(),
        webhookId: webhook.id,
        eventId: body.id,
        eventType: type,
        subject: options.subject ?? null,
        payload,
        status: 'pending' as const,
        nextAttemptAt: happenedAt,
        retryUntil: new Date(at + retryWindowMs).toISOString(),
        createdAt: happenedAt,
      })),
    );
    return body.id;
  });
  if (eventId !== null && at <= now) services.webhooks.kick();
  return eventId;
}

/** Calls off announcements of `subject` not sent yet (an episode rescheduled or deleted before its publish date). */
export async function cancelWebhookEvents(db: Db, ownerId: string, type: WebhookEventType, subject: string): Promise<number> {
  const owned = (await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.userId, ownerId))).map((webhook) => webhook.id);
  if (!owned.length) return 0;
  return changedRows(
    db
      .delete(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.webhookId, owned),
          eq(webhookDeliveries.eventType, type),
          eq(webhookDeliveries.subject, subject),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attemptCount, 0),
        ),
      ),
  );
}
