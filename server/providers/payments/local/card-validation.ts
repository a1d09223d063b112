import type { PaymentErrorDetails } from '@db/schema/payments';

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** The digits of a card number as typed (spaces and dashes allowed). */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function validationError(code: string, message: string): PaymentErrorDetails {
  return { type: 'validation_error', code, message };
}

/** Checks a card the way Stripe.js does before it reaches the server; null when it is complete and valid. */
export function validateCard(card: Omit<CardDetails, 'name'>, now = new Date()): PaymentErrorDetails | null {
  const number = cardDigits(card.cardNumber);
  if (!/^\d+$/.test(number) || number.length < 13) return validationError('incomplete_number', 'Your card number is incomplete.');
  if (number.length > 19 || !luhnValid(number)) return validationError('invalid_number', 'Your card number is invalid.');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return validationError('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return validationError('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  }
  if (year > thisYear + 50) return validationError('invalid_expiry_year', "Your card's expiration year is invalid.");
  const cvcLength = number.startsWith('34') || number.startsWith('37') ? 4 : 3;
  if (!/^\d+$/.test(card.cvc) || card.cvc.length < cvcLength) return validationError('incomplete_cvc', "Your card's security code is incomplete.");
  if (card.cvc.length > cvcLength) return validationError('invalid_cvc', "Your card's security code is invalid.");
  return null;
}
