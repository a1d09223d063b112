import { z } from 'zod';
import { paymentKinds, paymentStatuses } from '@common/payment-values';
import { hasWholeCents } from '@common/money';

export const paymentMessages = {
  nameEmpty: 'Input field can not be empty',
  nameInvalid: 'Please enter a valid name',
  /** Shown above the provider's message in the tip and premium dialogs (platform.md §8). */
  notProcessed: 'Your payment was not processed due to the following:',
  tipAmountMismatch: "The tip amount does not match this creator's tip option",
  premiumPriceMismatch: "The premium price does not match this event's price",
  productAmountMismatch: "The amount does not match this product's price",
  eventNotFound: 'Event not found',
  eventNotPremium: 'This event is free to watch',
  eventInactive: 'This event is not active',
  tipOptionNotFound: 'Tip option not found',
  alreadyHasAccess: 'You already have access to this event',
  ownEvent: 'You cannot pay for your own event',
  payForYourself: 'You can only pay for yourself',
  paymentNotFound: 'Payment not found',
  couponNotFound: 'Coupon not found',
  invalidWebhook: 'Invalid webhook signature',
  localOnly: 'The local card form is only available with the local payment provider',
  tipMessageTooLong: 'A tip message can have at most 140 characters',
  wholeCents: 'Use at most two decimals',
  email: 'Please enter a valid email',
} as const;

/** A tip message's longest length, in characters (code points) after trimming. */
export const tipMessageMaxLength = 140;

/** How many characters a tip message counts as (what the server checks and the dialog's counter shows). */
export function tipMessageLength(value: string): number {
  return [...value.replace(/\s+/g, ' ').trim()].length;
}

/**
 * The tipper's optional message to the creator: whitespace runs become one space and the ends are trimmed; empty
 * (or only whitespace) means no message; 1–140 characters otherwise.
 */
export const tipMessage = z
  .string()
  .max(4000, paymentMessages.tipMessageTooLong)
  .nullish()
  .transform((value) => (value ?? '').replace(/\s+/g, ' ').trim() || undefined)
  .refine((value) => value === undefined || [...value].length <= tipMessageMaxLength, paymentMessages.tipMessageTooLong);

/** The card holder's full name on the payment forms (platform.md §5). */
export const paymentFullName = z
  .string()
  .min(1, paymentMessages.nameEmpty)
  .max(100, paymentMessages.nameInvalid)
  .refine((value) => value.trim().length > 0 && value === value.trim(), paymentMessages.nameInvalid);

const id = z.string().trim().min(1).max(64);

/** A dollar amount on the documented wire fields: positive, at most two decimals. */
export const dollars = z
  .number()
  .positive()
  .max(1_000_000)
  .refine(hasWholeCents, paymentMessages.wholeCents);

const payerFields = {
  userId: id,
  email: z.string().trim().email(paymentMessages.email).max(254).optional(),
  eventId: id,
  eventName: z.string().max(200).optional(),
  viewerId: id.optional(),
};

export const createTipsPaymentInput = z.strictObject({
  ...payerFields,
  tipsAmount: dollars,
  /** Which of the creator's tip options (the web app sends it; without it the amount picks the option). */
  tipOptionId: id.optional(),
  /** The tipper's message to the creator (1–140 characters; empty means none), shown with the tip line and in Earnings. */
  message: tipMessage,
});
export type CreateTipsPaymentInput = z.infer<typeof createTipsPaymentInput>;

export const createPaywallPaymentInput = z.strictObject({ ...payerFields, premiumPrice: dollars });
export type CreatePaywallPaymentInput = z.infer<typeof createPaywallPaymentInput>;

/** A wallet's token (`tok_…`) or payment method (`pm_…`), confirmed at once. */
const tokenId = z.string().trim().min(3).max(255);
export const createTipsPaymentWithTokenInput = createTipsPaymentInput.extend({ tokenId });
export const createPaywallPaymentWithTokenInput = createPaywallPaymentInput.extend({ tokenId });

const paymentError = z.object({
  type: z.string(),
  code: z.string().optional(),
  decline_code: z.string().optional(),
  message: z.string(),
});
export type PaymentError = z.infer<typeof paymentError>;

/** The answer to every "create a payment" call: the client secret the card form confirms (platform.md §3). */
export const intentAnswer = z.object({
  client_secret: z.string(),
  paymentIntentId: z.string(),
  paymentId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error: paymentError.nullable(),
});
export type IntentAnswer = z.infer<typeof intentAnswer>;

/**
 * The page's status report after a card confirmation (`update-event-page-payment-status`, `status`,
 * `finalize`). The server only uses the intent id: it re-fetches the intent from the provider.
 */
export const paymentStatusInput = z.strictObject({
  stripePaymentIntentId: z.string().trim().min(3).max(255),
  status: z.string().max(64).optional(),
  type: z.string().max(64).optional(),
  code: z.string().max(128).optional(),
  decline_code: z.string().max(128).optional(),
  message: z.string().max(1000).optional(),
  subscriptionInfo: z.record(z.string(), z.unknown()).optional(),
});

export const paymentOutput = z.object({
  id: z.string(),
  kind: z.enum(paymentKinds),
  status: z.enum(paymentStatuses),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  eventId: z.string().nullable(),
  creatorId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  cardLast4: z.string().nullable(),
  error: paymentError.nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type PaymentOutput = z.infer<typeof paymentOutput>;

export const paymentStatusAnswer = paymentOutput.extend({
  /** The intent's status at the provider. */
  providerStatus: z.string(),
});

export const paymentIdInput = z.strictObject({ id: z.string().trim().min(1).max(255) });

export const couponOutput = z.object({
  id: z.string(),
  name: z.string().nullable(),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  duration: z.enum(['forever', 'once', 'repeating']),
  durationInMonths: z.number().int().nullable(),
  valid: z.boolean(),
});

/** What the browser needs to show the right card form and wallets. */
export const paymentConfigOutput = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
  offersWallets: z.boolean(),
  currency: z.literal('cad'),
  country: z.literal('CA'),
});

// The local provider's card form.
const cardFields = {
  cardNumber: z.string().trim().min(1).max(32),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().trim().min(1).max(8),
  name: paymentFullName,
};
export const localConfirmInput = z.strictObject({ clientSecret: z.string().min(10).max(300), ...cardFields });
export type LocalConfirmInput = z.infer<typeof localConfirmInput>;
export const localPaymentMethodInput = z.strictObject(cardFields);
export const localAuthenticateInput = z.strictObject({ clientSecret: z.string().min(10).max(300), outcome: z.enum(['complete', 'fail']) });

export const localCardAnswer = z.object({
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method']),
  error: paymentError.optional(),
});
