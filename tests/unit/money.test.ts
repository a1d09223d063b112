import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsText, formatDollars, hasWholeCents, parseDollars, roundToCents, toCents, toDollars } from '@common/money';

describe('toCents', () => {
  it('turns dollars into whole cents despite float error', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005 - 0.005)).toBe(100);
    expect(toCents(0)).toBe(0);
    expect(toCents(10_000)).toBe(1_000_000);
  });

  it('refuses negative, non-finite and fractional-cent amounts', () => {
    for (const refused of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 4.999, 0.001]) {
      expect(() => toCents(refused), String(refused)).toThrow(RangeError);
    }
  });

  it('is the inverse of toDollars for every whole number of cents', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => toCents(toDollars(cents)) === cents));
  });
});

describe('hasWholeCents', () => {
  it('accepts at most two decimals and nothing that is not a number', () => {
    expect(hasWholeCents(19.99)).toBe(true);
    expect(hasWholeCents(0.1 + 0.2)).toBe(true);
    expect(hasWholeCents(5)).toBe(true);
    expect(hasWholeCents(4.999)).toBe(false);
    expect(hasWholeCents(Number.NaN)).toBe(false);
    expect(hasWholeCents(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('roundToCents', () => {
  it('rounds any finite figure to the nearest cent, negative ones included', () => {
    expect(roundToCents(12.345678)).toBe(1235);
    expect(roundToCents(-2.5)).toBe(-250);
    expect(roundToCents(Number.NaN)).toBeNaN();
    expect(roundToCents(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('text', () => {
  it('formats cents for readers with a dollar sign and thousands separators', () => {
    expect(formatDollars(1999)).toBe('$19.99');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(123456)).toBe('$1,234.56');
    expect(formatDollars(-500)).toBe('-$5.00');
  });

  it('writes plain two-decimal dollars for forms and payment sheets', () => {
    expect(dollarsText(1999)).toBe('19.99');
    expect(dollarsText(500)).toBe('5.00');
    expect(dollarsText(123456)).toBe('1234.56');
  });

  it('reads dollars a person typed, and nothing else', () => {
    expect(parseDollars('5')).toBe(500);
    expect(parseDollars(' $4.99 ')).toBe(499);
    expect(parseDollars('19.9')).toBe(1990);
    for (const refused of ['', 'abc', '-5', '4.999', '1e3', '5.', '.5', '$-1']) expect(parseDollars(refused), refused).toBeNull();
  });

  it('reads back what it writes', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => parseDollars(dollarsText(cents)) === cents));
  });
});
