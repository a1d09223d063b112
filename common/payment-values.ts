/**
 * The payments domain's enumerations, free of Drizzle so the web app can import them through
 * `payments.schemas.ts` without pulling database code into the bundle.
 */
export const paymentProviders = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const paymentKinds = ['tip', 'paywall', 'subscription', 'membership'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export const paymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const ledgerAccounts = ['creator', 'platform'] as const;
export const revenueSources = ['tips', 'paywall', 'subscriptions', 'memberships'] as const;
export type RevenueSource = (typeof revenueSources)[number];

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const billingReasons = ['subscription_create', 'subscription_cycle', 'reactivation'] as const;

export interface PaymentErrorDetails {
  type: string;
  code?: string | undefined;
  decline_code?: string | undefined;
  message: string;
}
