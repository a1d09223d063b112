import { DomainError } from '@server/platform/errors';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { eventAccess, events } from '@db/schema/events';
import { payments } from '@db/schema/payments';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import type { PaymentKind } from '@common/payment-values';
import { newId } from '@server/lib/ids';
import { toCents } from '@common/money';
import { isLocalPaymentProvider } from '@server/providers/payments';
import type { LocalPaymentProvider } from '@server/providers/payments/local';
import type { CardDetails } from '@server/providers/payments/local/card-validation';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { findPaymentById, findPaymentByIntentId, insertPendingPayment, providerFailure, toPaymentOutput, type PaymentRow } from './payment-records';
import { applyIntent, syncIntent } from './payment-sync';
import {
  paymentMessages,
  type CreatePaywallPaymentInput,
  type CreateTipsPaymentInput,
  type IntentAnswer,
  type PaymentOutput,
} from './payments.schemas';

/** Payment creation is limited per account and per client address (both doors share the budget). */
export async function limitPaymentCreation(services: Services, actor: Actor, clientIp: string): Promise<void> {
  const { rateLimit } = services.config.payments;
  const windowMs = services.config.rateLimits.windowSeconds * 1000;
  await services.rateLimiter.consume(`payment:create:account:${actor.id}`, { limit: rateLimit, windowMs });
  await services.rateLimiter.consume(`payment:create:ip:${clientIp}`, { limit: rateLimit * 5, windowMs });
}

async function payableEvent(db: Db, actor: Actor, input: { userId: string; eventId: string; viewerId?: string | undefined }) {
  if (input.viewerId && input.viewerId !== actor.id) throw new DomainError({ code: 'FORBIDDEN', message: paymentMessages.payForYourself });
  const event = await firstRow(db.select().from(events).where(eq(events.id, input.eventId)));
  if (!event || event.userId !== input.userId) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.eventNotFound });
  if (event.userId === actor.id) throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.ownEvent });
  const creator = await firstRow(db.select({ id: users.id, displayName: users.displayName }).from(users).where(eq(users.id, event.userId)));
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.eventNotFound });
  return { event, creator };
}

interface IntentSpec {
  kind: Exclude<PaymentKind, 'subscription'>;
  amountCents: number;
  creatorId: string;
  eventId: string;
  tipOptionId?: string;
  /** A tip's message (already trimmed, 1–140 characters). */
  message?: string | undefined;
  /** The tip's title, or the event's name for a paywall. */
  description: string;
  providerDescription: string;
  email: string;
  tokenId?: string | undefined;
}

/**
 * Records the payment, then creates its intent at the provider (idempotency key = our payment id, so a
 * retried call never makes two). With a wallet token the intent is confirmed at once and applied.
 */
async function startIntent(services: Services, actor: Actor, spec: IntentSpec): Promise<IntentAnswer> {
  const { db, payments: provider } = services;
  const row = await insertPendingPayment(db, {
    id: newId(),
    kind: spec.kind,
    provider: provider.name,
    amountCents: spec.amountCents,
    payerId: actor.id,
    creatorId: spec.creatorId,
    eventId: spec.eventId,
    tipOptionId: spec.tipOptionId ?? null,
    description: spec.description,
    message: spec.message ?? null,
    email: spec.email,
  });
  let intent;
  try {
    intent = await provider.createPaymentIntent(
      {
        amountCents: spec.amountCents,
        currency: 'cad',
        description: spec.providerDescription,
        metadata: { payment_id: row.id, kind: spec.kind, event_id: spec.eventId, creator_id: spec.creatorId, payer_id: actor.id },
        email: spec.email,
        paymentMethodId: spec.tokenId,
      },
      `payment-intent:${row.id}`,
    );
  } catch (error) {
    await db.delete(payments).where(eq(payments.id, row.id));
    return providerFailure(error);
  }
  const stored = (await applyIntent(services, intent)) ?? row;
  return {
    client_secret: intent.clientSecret,
    paymentIntentId: intent.id,
    paymentId: stored.id,
    amountCents: stored.amountCents,
    currency: stored.currency,
    status: intent.status,
    error: intent.lastError,
  };
}

/** A tip: the amount is the creator's tip option's, never the client's (a different one is refused). */
export async function createTipPayment(services: Services, actor: Actor, clientIp: string, input: CreateTipsPaymentInput & { tokenId?: string }): Promise<IntentAnswer> {
  const { db } = services;
  const { event, creator } = await payableEvent(db, actor, input);
  const requestedCents = toCents(input.tipsAmount);
  const options = await db.select().from(tipOptions).where(eq(tipOptions.userId, creator.id));
  const option = input.tipOptionId ? options.find((candidate) => candidate.id === input.tipOptionId) : options.find((candidate) => candidate.amountCents === requestedCents);
  if (input.tipOptionId && !option) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.tipOptionNotFound });
  if (!option || option.amountCents !== requestedCents) throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.tipAmountMismatch });
  await limitPaymentCreation(services, actor, clientIp);
  return startIntent(services, actor, {
    kind: 'tip',
    amountCents: option.amountCents,
    creatorId: creator.id,
    eventId: event.id,
    tipOptionId: option.id,
    message: input.message,
    description: option.title,
    providerDescription: `Tip "${option.title}" for ${creator.displayName} (${event.name})`,
    email: input.email ?? actor.user.email,
    tokenId: input.tokenId,
  });
}

/** Pay-per-view: the amount is the event's premium price; paying twice for one event is refused. */
export async function createPaywallPayment(services: Services, actor: Actor, clientIp: string, input: CreatePaywallPaymentInput & { tokenId?: string }): Promise<IntentAnswer> {
  const { db } = services;
  const { event, creator } = await payableEvent(db, actor, input);
  if (!event.isPremium || event.premiumPriceCents <= 0) throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.eventNotPremium });
  if (toCents(input.premiumPrice) !== event.premiumPriceCents) throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.premiumPriceMismatch });
  const access = await firstRow(
    db
      .select({ eventId: eventAccess.eventId })
      .from(eventAccess)
      .where(and(eq(eventAccess.viewerId, actor.id), eq(eventAccess.eventId, event.id))),
  );
  if (access) throw new DomainError({ code: 'CONFLICT', message: paymentMessages.alreadyHasAccess });
  await limitPaymentCreation(services, actor, clientIp);
  return startIntent(services, actor, {
    kind: 'paywall',
    amountCents: event.premiumPriceCents,
    creatorId: creator.id,
    eventId: event.id,
    description: event.name,
    providerDescription: `Premium access to ${event.name} by ${creator.displayName}`,
    email: input.email ?? actor.user.email,
    tokenId: input.tokenId,
  });
}

/** Who may see a payment: its payer, the creator it pays and admins. */
function visiblePayment(actor: Actor, row: PaymentRow | undefined): PaymentRow {
  if (!row || (row.payerId !== actor.id && row.creatorId !== actor.id && actor.role !== 'admin')) {
    throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.paymentNotFound });
  }
  return row;
}

/**
 * The page's status report: whatever status it claims, the server asks the provider again by intent id
 * and applies that (idempotently), then answers what it recorded.
 */
export async function reportPaymentStatus(services: Services, actor: Actor, intentId: string): Promise<PaymentOutput & { providerStatus: string }> {
  visiblePayment(actor, await findPaymentByIntentId(services.db, intentId));
  const synced = await syncIntent(services, intentId);
  if (!synced) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.paymentNotFound });
  const row = (await findPaymentById(services.db, synced.row.id)) ?? synced.row;
  return { ...toPaymentOutput(row), providerStatus: synced.intent.status };
}

/** `GET /api/payment/{id}`: by our payment id or the provider's intent id. */
export async function getPayment(db: Db, actor: Actor, id: string): Promise<PaymentOutput> {
  return toPaymentOutput(visiblePayment(actor, (await findPaymentById(db, id)) ?? (await findPaymentByIntentId(db, id))));
}

export async function getCoupon(services: Services, id: string) {
  const coupon = await services.payments.retrieveCoupon(id).catch(providerFailure);
  if (!coupon) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.couponNotFound });
  return coupon;
}

export function paymentConfig(services: Services) {
  const provider = services.payments;
  return { provider: provider.name, publishableKey: provider.publishableKey, offersWallets: provider.offersWallets, currency: 'cad' as const, country: 'CA' as const };
}

/**
 * The billing clock: the local provider renews the subscriptions that are due (Stripe renews by itself and tells us
 * through webhooks); then, with either provider, `payments:billing-clock` lets the memberships' grace and retries run.
 */
export async function renewDueSubscriptions(services: Services): Promise<number> {
  const provider = services.payments;
  const renewed = provider.renewDueSubscriptions ? await provider.renewDueSubscriptions() : 0;
  await services.domainEvents.publish('payments:billing-clock', { at: new Date().toISOString() });
  return renewed;
}

function localProvider(services: Services): LocalPaymentProvider {
  const provider = services.payments;
  if (!isLocalPaymentProvider(provider)) throw new DomainError({ code: 'NOT_FOUND', message: paymentMessages.localOnly });
  return provider;
}

/** The local card form's confirmation (Stripe.js' `confirmCardPayment` for `local`). */
export async function confirmLocalCard(services: Services, clientSecret: string, card: CardDetails) {
  return localProvider(services).confirmCardPayment(clientSecret, card).catch(providerFailure);
}

export async function authenticateLocalCard(services: Services, clientSecret: string, outcome: 'complete' | 'fail') {
  return localProvider(services).authenticate(clientSecret, outcome).catch(providerFailure);
}

export async function createLocalPaymentMethod(services: Services, card: CardDetails): Promise<{ id: string; brand: string; last4: string }> {
  try {
    const method = await localProvider(services).createPaymentMethod(card);
    return { id: method.id, brand: method.brand, last4: method.last4 };
  } catch (error) {
    return providerFailure(error);
  }
}
