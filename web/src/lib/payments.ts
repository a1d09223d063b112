import { msg } from '@lingui/core/macro';
import type { PaymentError } from '@server/domains/payments/payments.schemas';
import { dollarsText } from '@common/money';
import { i18n } from './i18n/i18n';
import { alive } from './trpc';
import { useSession } from './session-store';

/** The pieces of Stripe.js (https://js.stripe.com/v3) the payment forms use. */
export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
}
interface StripePaymentRequest {
  canMakePayment(): Promise<Record<string, boolean> | null>;
  on(event: 'paymentmethod', handler: (event: StripePaymentMethodEvent) => void): void;
}
export interface StripePaymentMethodEvent {
  paymentMethod: { id: string };
  walletName?: string;
  complete(status: 'success' | 'fail'): void;
}
interface StripeConfirmResult {
  error?: { type: string; code?: string; decline_code?: string; message?: string };
  paymentIntent?: { id: string; status: string };
}
export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement; create(type: 'paymentRequestButton', options: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(clientSecret: string, data?: Record<string, unknown>, options?: { handleActions: boolean }): Promise<StripeConfirmResult>;
  createPaymentMethod(data: Record<string, unknown>): Promise<{ error?: StripeConfirmResult['error']; paymentMethod?: { id: string } }>;
  paymentRequest(options: Record<string, unknown>): StripePaymentRequest;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const stripeScript = 'https://js.stripe.com/v3';

/** The payment forms' own failures, in the reader's language. */
const paymentTexts = {
  stripeNotLoaded: msg`Stripe.js could not be loaded. Please check your connection.`,
  notCompleted: msg`Your payment could not be completed.`,
  unexpected: msg`Unexpected error. Please try again.`,
  notProcessed: msg`Your payment was not processed due to the following:`,
};
const loaded = new Map<string, Promise<StripeJs>>();

/** Loads Stripe.js once per publishable key (only when the server has a publishable key configured). */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = new Promise<StripeJs>((resolve, reject) => {
      const ready = () => (window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error(i18n._(paymentTexts.stripeNotLoaded))));
      if (window.Stripe) return ready();
      const script = document.createElement('script');
      script.src = stripeScript;
      script.async = true;
      script.onload = ready;
      script.onerror = () => reject(new Error(i18n._(paymentTexts.stripeNotLoaded)));
      document.head.appendChild(script);
    });
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

export type ConfirmStatus = 'succeeded' | 'requires_action' | 'requires_payment_method';
export interface ConfirmOutcome {
  status: ConfirmStatus;
  error?: PaymentError;
}

/** Stripe.js' answer in the local form's terms. */
export function outcomeOfStripe(result: StripeConfirmResult): ConfirmOutcome {
  if (result.error) {
    return {
      status: 'requires_payment_method',
      error: {
        type: result.error.type,
        ...(result.error.code ? { code: result.error.code } : {}),
        ...(result.error.decline_code ? { decline_code: result.error.decline_code } : {}),
        message: result.error.message ?? i18n._(paymentTexts.notCompleted),
      },
    };
  }
  const status = result.paymentIntent?.status;
  return { status: status === 'succeeded' ? 'succeeded' : status === 'requires_action' ? 'requires_action' : 'requires_payment_method' };
}

/** The status report after a confirmation: type, code and decline code of an error, except validation errors (platform.md §4). */
export function statusReport(paymentIntentId: string, outcome: ConfirmOutcome) {
  const error = outcome.error && outcome.error.type !== 'validation_error' ? outcome.error : undefined;
  return {
    stripePaymentIntentId: paymentIntentId,
    status: outcome.status,
    ...(error ? { type: error.type, ...(error.code ? { code: error.code } : {}), ...(error.decline_code ? { decline_code: error.decline_code } : {}) } : {}),
  };
}

/** The dialog's error text: the spec's heading (in English exactly `paymentMessages.notProcessed`) and the provider's message (platform.md §8). */
export function paymentFailureText(message: string): { heading: string; message: string } {
  return { heading: i18n._(paymentTexts.notProcessed), message };
}

/** `formatDollars` ("$12.50", also the server's and the spec's form); `formatMoney` the same amount in the reader's language. */
export { formatDollars } from '@common/money';
export { formatMoney } from './i18n/format';

// Wallets (platform.md §9): CAD, country CA, TEST environment, these card networks.
export const walletCardNetworks = ['AMEX', 'DISCOVER', 'INTERAC', 'JCB', 'MASTERCARD', 'VISA'] as const;

/** The wallet request that takes the amount in cents (Stripe's payment request: Apple Pay and the browser's wallet). */
export function centsWalletRequest(amountCents: number, label: string) {
  return {
    country: 'CA',
    currency: 'cad',
    total: { label, amount: Math.round(amountCents) },
    requestPayerName: true,
    requestPayerEmail: true,
  };
}

/** The other wallet's request (Google Pay): the amount in dollars with 2 decimals. */
export function dollarsWalletRequest(amountCents: number, publishableKey: string) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    environment: 'TEST',
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: [...walletCardNetworks] },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: 'stripe', 'stripe:version': '2020-08-27', 'stripe:publishableKey': publishableKey },
        },
      },
    ],
    transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: dollarsText(amountCents), currencyCode: 'CAD', countryCode: 'CA' },
  };
}

/** Digits grouped by four (Amex 4-6-5) as the card number is typed. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(.{4})/g, '$1 ').trim();
}

/** "MM / YY" → month and four-digit year (null while incomplete). */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** A failed call's message for the payment forms: the server's text for a 4xx, otherwise a generic one. */
export function paymentErrorMessage(error: unknown): string {
  const candidate = (error && typeof error === 'object' ? error : {}) as { message?: unknown; data?: { httpStatus?: number } | null };
  const status = candidate.data?.httpStatus ?? 0;
  if (status === 429 && typeof candidate.message === 'string') return candidate.message;
  return status >= 400 && status < 500 && typeof candidate.message === 'string' && candidate.message ? candidate.message : i18n._(paymentTexts.unexpected);
}

/** After a subscription payment: the session user changes (unpaid invoices, an activated account), so fetch it again. */
export async function refreshSessionAfterPayment(): Promise<void> {
  const token = useSession.getState().token;
  if (!token) return;
  try {
    const answer = await alive(token);
    if (useSession.getState().token === token) useSession.getState().setSession(answer);
  } catch {
    // The next page load refreshes the session anyway.
  }
}
