import { DomainError } from '@server/platform/errors';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { paymentCustomers, subscriptions } from '@db/schema/payments';
import { firstInvoiceSetUpFeeCents, getProductRecord } from '@server/domains/billing/billing.service';
import { findPaymentForIntent, providerFailure } from '@server/domains/payments/payment-records';
import { intentAnswerOf, openFirstInvoice } from '@server/domains/payments/provider-subscriptions';
import { paymentMessages, type IntentAnswer } from '@server/domains/payments/payments.schemas';
import { limitPaymentCreation } from '@server/domains/payments/payments.service';
import { newId, nowIso } from '@server/lib/ids';
import { toCents } from '@common/money';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { subscriptionMessages, type CreateProductPaymentInput, type CreateSubscriptionInput } from './subscriptions.schemas';
import { insertSubscriptionPayment, syncInvoice } from './subscription-sync';
import type { SubscriptionRow } from './subscriptions.service';

/** The account's customer at the provider, created once (idempotency key per account and provider). */
export async function ensureCustomer(services: Services, user: Actor['user']): Promise<string> {
  const provider = services.payments.name;
  const known = await firstRow(
    services.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider))),
  );
  if (known) return known.customerId;
  let customer;
  try {
    customer = await services.payments.createCustomer({ email: user.email, name: user.displayName, userId: user.id }, `customer:${provider}:${user.id}`);
  } catch (error) {
    return providerFailure(error);
  }
  await services.db.insert(paymentCustomers).values({ userId: user.id, provider, customerId: customer.id }).onConflictDoNothing();
  return customer.id;
}

export async function getCustomer(services: Services, actor: Actor, email: string): Promise<{ customerId: string; email: string }> {
  if (email.trim().toLowerCase() !== actor.user.email.toLowerCase() && actor.role !== 'admin') {
    throw new DomainError({ code: 'FORBIDDEN', message: subscriptionMessages.ownCustomerOnly });
  }
  return { customerId: await ensureCustomer(services, actor.user), email: actor.user.email };
}

export async function checkoutSummary(db: Db, actor: Actor, productId: string) {
  const product = await getProductRecord(db, productId);
  const setUpFeeCents = firstInvoiceSetUpFeeCents(product);
  const active = await firstRow(
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.productId, product.id), inArray(subscriptions.status, ['active', 'past_due'])))
      .limit(1),
  );
  return {
    productId: product.id,
    productName: product.name,
    priceCents: product.pricePerMonthCents,
    setUpFeeCents,
    totalCents: product.pricePerMonthCents + setUpFeeCents,
    alreadySubscribed: !!active,
  };
}

interface StartOptions {
  /** Charge this payment method at once (create-subscription); otherwise the card form pays the first invoice. */
  paymentMethodId?: string;
  /** The amount the page showed, in cents: refused when it is not the server's total. */
  expectedCents?: number;
  /** A restarted subscription does not pay the setup fee again. */
  withoutSetUpFee?: boolean;
}

/**
 * Starts a product's monthly subscription: its first invoice carries the setup fee. Answers the first
 * invoice's client secret for the card form (or the outcome, when a payment method was given).
 */
export async function startSubscription(services: Services, actor: Actor, productId: string, options: StartOptions = {}): Promise<IntentAnswer & { subscriptionId: string }> {
  const { db, payments: provider } = services;
  const product = await getProductRecord(db, productId);
  const setUpFeeCents = options.withoutSetUpFee ? 0 : firstInvoiceSetUpFeeCents(product);
  const totalCents = product.pricePerMonthCents + setUpFeeCents;
  if (options.expectedCents !== undefined && options.expectedCents !== totalCents) {
    throw new DomainError({ code: 'BAD_REQUEST', message: paymentMessages.productAmountMismatch });
  }
  if (!product.providerPriceId) throw new DomainError({ code: 'BAD_REQUEST', message: subscriptionMessages.noProviderPrice });
  const mine = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), eq(subscriptions.productId, product.id), eq(subscriptions.provider, provider.name)))
    .orderBy(desc(subscriptions.createdAt));
  if (mine.some((row) => row.status === 'active' || row.status === 'past_due')) {
    throw new DomainError({ code: 'CONFLICT', message: subscriptionMessages.alreadySubscribed });
  }
  // A checkout left unpaid is resumed rather than doubled (the card form without a payment method).
  const pending = !options.paymentMethodId ? mine.find((row) => row.status === 'incomplete' && row.providerSubscriptionId) : undefined;
  if (pending?.providerSubscriptionId) {
    const resumed = await resumeFirstInvoice(services, pending);
    if (resumed && resumed.amountCents === totalCents) return { ...resumed, subscriptionId: pending.id };
  }

  const customerId = await ensureCustomer(services, actor.user);
  const row = (await firstRow(
    db
      .insert(subscriptions)
      .values({
        id: newId(),
        userId: actor.id,
        productId: product.id,
        provider: provider.name,
        providerCustomerId: customerId,
        status: 'incomplete',
        priceCents: product.pricePerMonthCents,
        setUpFeeCents,
      })
      .returning(),
  ))!;
  const answer = await openFirstInvoice(services, {
    subscription: {
      customerId,
      priceId: product.providerPriceId,
      priceCents: product.pricePerMonthCents,
      setUpFeePriceId: setUpFeeCents > 0 ? product.setUpFeePriceId : null,
      setUpFeeCents,
      metadata: { subscription_row_id: row.id, user_id: actor.id, product_id: product.id },
      paymentMethodId: options.paymentMethodId,
      description: `${product.name} subscription`,
    },
    idempotencyKey: `subscription:${row.id}`,
    forget: async () => db.delete(subscriptions).where(eq(subscriptions.id, row.id)),
    store: async (remote) =>
      (await firstRow(
        db
          .update(subscriptions)
          .set({ providerSubscriptionId: remote.id, currentPeriodStart: remote.currentPeriodStart, currentPeriodEnd: remote.currentPeriodEnd, updatedAt: nowIso() })
          .where(eq(subscriptions.id, row.id))
          .returning(),
      )) ?? row,
    insertPayment: insertSubscriptionPayment,
    syncInvoice,
  });
  return { ...answer, subscriptionId: row.id };
}

/** `create-one-time-payment`: starts the subscription; the card form pays its first invoice. */
export async function startCheckout(services: Services, actor: Actor, clientIp: string, input: CreateProductPaymentInput) {
  await limitPaymentCreation(services, actor, clientIp);
  return startSubscription(services, actor, input.productId, input.amount !== undefined ? { expectedCents: toCents(input.amount) } : {});
}

/** `create-subscription` with a payment method made in the browser: charged at once. */
export async function startPaidSubscription(services: Services, actor: Actor, clientIp: string, input: CreateSubscriptionInput) {
  await limitPaymentCreation(services, actor, clientIp);
  return startSubscription(services, actor, input.productId, { paymentMethodId: input.paymentMethodId });
}

async function resumeFirstInvoice(services: Services, row: SubscriptionRow): Promise<IntentAnswer | null> {
  const remote = await services.payments.retrieveSubscription(row.providerSubscriptionId ?? '').catch(() => null);
  const invoice = remote?.latestInvoice;
  if (!remote || remote.status !== 'incomplete' || !invoice?.paymentIntentId || invoice.status !== 'open') return null;
  const intent = await services.payments.retrievePaymentIntent(invoice.paymentIntentId);
  // Found or inserted in one transaction (a webhook of this invoice may be recording its payment at the same time).
  const payment = await services.db.transaction(async (tx) => (await findPaymentForIntent(tx, intent)) ?? (await insertSubscriptionPayment(tx, row, invoice, intent)));
  return intentAnswerOf(payment, intent, invoice.clientSecret ?? intent.clientSecret);
}
