import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitRevenue } from '@server/domains/payments/ledger';
import { paymentFullName } from '@server/domains/payments/payments.schemas';
import { publishedCardFeeCents } from '@server/providers/payments/interface';
import { validateCard } from '@server/providers/payments/local/card-validation';
import { addMonths } from '@server/providers/payments/local/subscriptions';
import { centsWalletRequest, dollarsWalletRequest, formatCardNumber, parseExpiry, statusReport } from '@web/lib/payments';

describe('the 60/40 split', () => {
  it('always sums to the net, in whole cents, with the creator within half a cent of 60%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (gross) => {
        const fee = publishedCardFeeCents(gross);
        const split = splitRevenue(gross, fee);
        expect(split.creatorCents + split.platformCents).toBe(split.netCents);
        expect(split.netCents).toBe(gross - fee);
        expect(Number.isInteger(split.creatorCents) && Number.isInteger(split.platformCents)).toBe(true);
        expect(Math.abs(split.creatorCents - split.netCents * 0.6)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('charges 2.9% + 30¢, never more than the amount', () => {
    expect(publishedCardFeeCents(1000)).toBe(59);
    expect(publishedCardFeeCents(500)).toBe(45);
    expect(publishedCardFeeCents(20)).toBe(20);
    expect(splitRevenue(1000, 59)).toEqual({ grossCents: 1000, feeCents: 59, netCents: 941, creatorCents: 565, platformCents: 376 });
  });
});

describe('card checks of the local form', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const valid = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123' };
  it('accepts a complete card and names each problem like Stripe.js', () => {
    expect(validateCard(valid, now)).toBeNull();
    expect(validateCard({ ...valid, cardNumber: '4242' }, now)?.code).toBe('incomplete_number');
    expect(validateCard({ ...valid, cardNumber: '4242424242424241' }, now)?.code).toBe('invalid_number');
    expect(validateCard({ ...valid, expYear: 2025 }, now)?.code).toBe('invalid_expiry_year_past');
    expect(validateCard({ ...valid, expYear: 2026, expMonth: 10 }, now)?.code).toBe('invalid_expiry_month_past');
    expect(validateCard({ ...valid, cvc: '12' }, now)?.code).toBe('incomplete_cvc');
    expect(validateCard({ ...valid, cardNumber: '378282246310005', cvc: '123' }, now)?.code).toBe('incomplete_cvc');
  });

  it('the full name rule of the payment forms', () => {
    expect(paymentFullName.safeParse('').error?.issues[0]?.message).toBe('Input field can not be empty');
    expect(paymentFullName.safeParse(' Sam').error?.issues[0]?.message).toBe('Please enter a valid name');
    expect(paymentFullName.safeParse('Sam ').error?.issues[0]?.message).toBe('Please enter a valid name');
    expect(paymentFullName.safeParse('   ').error?.issues[0]?.message).toBe('Please enter a valid name');
    expect(paymentFullName.safeParse('Sam Lindqvist').success).toBe(true);
  });

  it('monthly periods clamp to the end of shorter months', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-24T10:00:00.000Z', 1)).toBe('2026-12-24T10:00:00.000Z');
    expect(addMonths('2026-12-15T00:00:00.000Z', 1)).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('the browser side', () => {
  it('wallet amounts: cents for one wallet, dollars with 2 decimals for the other, CAD in Canada', () => {
    expect(centsWalletRequest(1299, 'Midnight Set')).toMatchObject({ country: 'CA', currency: 'cad', total: { label: 'Midnight Set', amount: 1299 } });
    const google = dollarsWalletRequest(1299, 'pk_test');
    expect(google.environment).toBe('TEST');
    expect(google.transactionInfo).toEqual({ totalPriceStatus: 'FINAL', totalPrice: '12.99', currencyCode: 'CAD', countryCode: 'CA' });
    expect(google.allowedPaymentMethods[0]?.parameters.allowedCardNetworks).toEqual(['AMEX', 'DISCOVER', 'INTERAC', 'JCB', 'MASTERCARD', 'VISA']);
    expect(dollarsWalletRequest(500, 'pk_test').transactionInfo.totalPrice).toBe('5.00');
  });

  it('reports type, code and decline code of an error, but not of a validation error', () => {
    expect(statusReport('pi_1', { status: 'requires_payment_method', error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'x' } })).toEqual({
      stripePaymentIntentId: 'pi_1',
      status: 'requires_payment_method',
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(statusReport('pi_1', { status: 'requires_payment_method', error: { type: 'validation_error', code: 'invalid_number', message: 'x' } })).toEqual({
      stripePaymentIntentId: 'pi_1',
      status: 'requires_payment_method',
    });
  });

  it('formats what is typed into the card fields', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(parseExpiry('12 / 29')).toEqual({ expMonth: 12, expYear: 2029 });
    expect(parseExpiry('1/2030')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry('12')).toBeNull();
  });
});
