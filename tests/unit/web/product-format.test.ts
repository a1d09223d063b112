import { describe, expect, it } from 'vitest';
import { buyLabel, checkEmailPath, formatDollars, productHeaderLabel, showSetUpFee } from '@web/features/checkout/product-format';

describe('plans page presentation', () => {
  it('labels the four podcast products and upper-cases any other name', () => {
    expect(productHeaderLabel({ id: 'PODCAST_TITLE', name: 'Podcast' })).toBe('PODCAST');
    expect(productHeaderLabel({ id: 'PODCAST_TITLE_ADD_ON', name: 'x' })).toBe('PODCAST + ADD ON');
    expect(productHeaderLabel({ id: 'PODCAST_VIDEO_TITLE', name: 'x' })).toBe('PODCAST VIDEO');
    expect(productHeaderLabel({ id: 'PODCAST_VIDEO_TITLE_ADD_ON', name: 'x' })).toBe('PODCAST VIDEO + ADD ON');
    expect(productHeaderLabel({ id: 'LIVE_STREAM', name: 'Live Stream' })).toBe('LIVE STREAM');
  });

  it('shows the setup fee only when above 0 and a price id exists', () => {
    expect(showSetUpFee({ setUpFeeCents: 1999, setUpFeePriceId: 'price_setup' })).toBe(true);
    expect(showSetUpFee({ setUpFeeCents: 0, setUpFeePriceId: 'price_setup' })).toBe(false);
    expect(showSetUpFee({ setUpFeeCents: 1999, setUpFeePriceId: null })).toBe(false);
    expect(showSetUpFee({ setUpFeeCents: 1999, setUpFeePriceId: '' })).toBe(false);
  });

  it('formats cents as dollars with 2 decimals', () => {
    expect(formatDollars(1999)).toBe('$19.99');
    expect(formatDollars(2999)).toBe('$29.99');
    expect(formatDollars(500)).toBe('$5.00');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(123456)).toBe('$1,234.56');
  });

  it('BUY NOW links to check-email; LIVE_STREAM reads "Start Live"', () => {
    expect(buyLabel('LIVE_STREAM')).toBe('Start Live');
    expect(buyLabel('PODCAST_TITLE')).toBe('BUY NOW');
    expect(checkEmailPath('PODCAST_TITLE')).toBe('/checkout/PODCAST_TITLE/check-email');
  });
});
