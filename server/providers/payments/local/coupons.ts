import type { ProviderCoupon } from '../interface';

/** Built-in coupons of the local provider. */
export const localCoupons: ProviderCoupon[] = [
  { id: 'LAUNCH20', name: 'Launch 20% off', percentOff: 20, amountOffCents: null, currency: null, duration: 'once', durationInMonths: null, valid: true },
  { id: 'CREATOR5', name: '$5 off for 3 months', percentOff: null, amountOffCents: 500, currency: 'cad', duration: 'repeating', durationInMonths: 3, valid: true },
  { id: 'EXPIRED10', name: 'Expired 10% off', percentOff: 10, amountOffCents: null, currency: null, duration: 'once', durationInMonths: null, valid: false },
];
