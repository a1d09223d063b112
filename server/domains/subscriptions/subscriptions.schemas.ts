import { z } from 'zod';
import { subscriptionStatuses } from '@common/payment-values';
import { dollars, intentAnswer } from '@server/domains/payments/payments.schemas';

export const subscriptionMessages = {
  alreadySubscribed: 'You already have an active subscription to this product',
  subscriptionNotFound: 'Subscription not found',
  nothingToPay: 'This subscription is active; there is nothing to pay',
  ownCustomerOnly: 'You can only look up your own customer record',
  noProviderPrice: 'This product cannot be bought on this server yet',
  notCancelable: 'Only an active subscription can be canceled',
  notResumable: 'Only an active subscription can be resumed',
  noCardToChange: 'Only an active or past-due subscription has a card to change',
  otherProvider: 'This subscription is with another payment provider; it cannot be changed here',
  email: 'Please enter a valid email',
} as const;

const productId = z.string().trim().min(1).max(64);

/** `create-one-time-payment`: starts the product's subscription; its first invoice is paid with the card form. */
export const createProductPaymentInput = z.strictObject({
  productId,
  /** What the page shows (dollars): refused when it is not the server's first-invoice total. */
  amount: dollars.optional(),
});
export type CreateProductPaymentInput = z.infer<typeof createProductPaymentInput>;

/** `create-subscription`: the card was turned into a payment method first (Stripe.js, a wallet or the local form). */
export const createSubscriptionInput = z.strictObject({
  paymentMethodId: z.string().trim().min(3).max(255),
  productId,
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionInput>;

export const getCustomerInput = z.strictObject({ email: z.string().trim().email(subscriptionMessages.email).max(254) });

export const customerOutput = z.object({ customerId: z.string(), email: z.string() });

export const itemIdInput = z.strictObject({ itemId: z.string().trim().min(1).max(64) });

/** Our subscription's `id` (as `subscriptions.mine` answers it), not the provider's `subscriptionId`. */
export const subscriptionIdInput = z.strictObject({ id: z.string().trim().min(1).max(64) });

export const updatePaymentMethodInput = z.strictObject({
  id: z.string().trim().min(1).max(64),
  /** A payment method of the subscription's customer: a confirmed SetupIntent's (Stripe) or the local card form's. */
  paymentMethodId: z.string().trim().min(3).max(255),
});

/** A started checkout or reactivation: the first (or open) invoice's intent for the card form, and our subscription. */
export const startAnswer = intentAnswer.extend({ subscriptionId: z.string() });

export const setupIntentOutput = z.object({ clientSecret: z.string(), setupIntentId: z.string() });

/** Subscription info (platform.md §3) plus what the profile tab shows. */
export const subscriptionInfo = z.object({
  id: z.string(),
  /** The subscription id at the card provider. */
  subscriptionId: z.string().nullable(),
  productId: z.string(),
  subscriptionName: z.string(),
  status: z.enum(subscriptionStatuses),
  priceCents: z.number().int(),
  setUpFeeCents: z.number().int(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** Still active until `currentPeriodEnd`, then canceled (no next charge). */
  cancelAtPeriodEnd: z.boolean(),
  /** Where /reactivate/{itemId} pays what is due (null when nothing is). */
  reactivationItemId: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

export const invoiceOutput = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  productId: z.string(),
  status: z.enum(['open', 'paid', 'void']),
  amountCents: z.number().int(),
  subscriptionCents: z.number().int(),
  setUpFeeCents: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  billingReason: z.enum(['subscription_create', 'subscription_cycle', 'reactivation']),
  attemptCount: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type InvoiceOutput = z.infer<typeof invoiceOutput>;

/** What /reactivate/{itemId} shows before the card form. */
export const reactivationOutput = z.object({
  subscription: subscriptionInfo,
  amountDueCents: z.number().int(),
  /** `invoice`: pays the open invoices of a past-due subscription; `restart`: starts a canceled one again. */
  mode: z.enum(['invoice', 'restart', 'none']),
  openInvoices: z.array(invoiceOutput),
});

/** What the checkout order summary shows (cents). */
export const checkoutSummaryOutput = z.object({
  productId: z.string(),
  productName: z.string(),
  priceCents: z.number().int(),
  setUpFeeCents: z.number().int(),
  totalCents: z.number().int(),
  alreadySubscribed: z.boolean(),
});
