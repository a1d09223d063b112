import type { PaymentErrorDetails } from '@db/schema/payments';
import { PaymentProviderError } from '../interface';
import { cardDigits, validateCard, type CardDetails } from './card-validation';
import { randomId, type LocalObjectStore, type PaymentMethodObject } from './store';

/** What a test card does when charged (Stripe's test cards; `later_declines` is local: see docs). */
export type CardBehavior =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: string; declineCode?: string; message: string }
  | { kind: 'authenticates' }
  | { kind: 'later_declines' };

const declined = (declineCode: string, message: string, code = 'card_declined'): CardBehavior => ({ kind: 'declines', code, declineCode, message });

/** The card numbers `local` knows, as in Stripe's test mode (https://docs.stripe.com/testing). */
export const localTestCards: Record<string, { brand: string; behavior: CardBehavior }> = {
  '4242424242424242': { brand: 'visa', behavior: { kind: 'succeeds' } },
  '4000056655665556': { brand: 'visa', behavior: { kind: 'succeeds' } },
  '5555555555554444': { brand: 'mastercard', behavior: { kind: 'succeeds' } },
  '378282246310005': { brand: 'amex', behavior: { kind: 'succeeds' } },
  '6011111111111117': { brand: 'discover', behavior: { kind: 'succeeds' } },
  '3566002020360505': { brand: 'jcb', behavior: { kind: 'succeeds' } },
  '4000000000000002': { brand: 'visa', behavior: declined('generic_decline', 'Your card was declined.') },
  '4000000000009995': { brand: 'visa', behavior: declined('insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000000069': { brand: 'visa', behavior: { kind: 'declines', code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', behavior: { kind: 'declines', code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
  '4000002500003155': { brand: 'visa', behavior: { kind: 'authenticates' } },
  '4000000000000341': { brand: 'visa', behavior: { kind: 'later_declines' } },
};

/** Stripe's test tokens and payment methods, as wallets and `...-with-token` calls send them. */
const testTokens: Record<string, string> = {
  tok_visa: '4242424242424242',
  pm_card_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  pm_card_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  pm_card_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_threeDSecure2Required: '4000002500003155',
  pm_card_threeDSecure2Required: '4000002500003155',
};

const nonTestCard = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

export const authenticationFailedError: PaymentErrorDetails = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export function behaviorOf(method: PaymentMethodObject): CardBehavior {
  return localTestCards[method.number]?.behavior ?? nonTestCard;
}

/** The `card_error` a declining card answers. */
export function declineErrorOf(behavior: Extract<CardBehavior, { kind: 'declines' }>): PaymentErrorDetails {
  return { type: 'card_error', code: behavior.code, ...(behavior.declineCode ? { decline_code: behavior.declineCode } : {}), message: behavior.message };
}

/** A payment method from the local card form (validated like Stripe.js); errors are `validation_error`s. */
export async function createPaymentMethod(store: LocalObjectStore, card: CardDetails, now: Date): Promise<PaymentMethodObject> {
  const problem = validateCard(card, now);
  if (problem) throw new PaymentProviderError(problem.message, problem, 400);
  const number = cardDigits(card.cardNumber);
  return store.put<PaymentMethodObject>('payment_method', {
    id: randomId('pm'),
    brand: localTestCards[number]?.brand ?? 'unknown',
    last4: number.slice(-4),
    number,
  });
}

/** A saved payment method by id, or a new one for one of Stripe's test tokens. */
export async function paymentMethodFromToken(store: LocalObjectStore, token: string): Promise<PaymentMethodObject> {
  const saved = await store.get<PaymentMethodObject>('payment_method', token);
  if (saved) return saved;
  const number = testTokens[token];
  if (!number) {
    const message = `No such PaymentMethod: '${token}'`;
    throw new PaymentProviderError(message, { type: 'invalid_request_error', code: 'resource_missing', message }, 400);
  }
  return store.put<PaymentMethodObject>('payment_method', { id: randomId('pm'), brand: localTestCards[number]?.brand ?? 'visa', last4: number.slice(-4), number });
}
