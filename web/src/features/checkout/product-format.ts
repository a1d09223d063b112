/** Pure presentation rules of the plans page (platform.md §2 "Subscription and checkout", §5, §9). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@web/lib/i18n/i18n';

const podcastLabels: Partial<Record<string, MessageDescriptor>> = {
  PODCAST_TITLE: msg`PODCAST`,
  PODCAST_TITLE_ADD_ON: msg`PODCAST + ADD ON`,
  PODCAST_VIDEO_TITLE: msg`PODCAST VIDEO`,
  PODCAST_VIDEO_TITLE_ADD_ON: msg`PODCAST VIDEO + ADD ON`,
};

export function productHeaderLabel(product: { id: string; name: string }): string {
  const label = podcastLabels[product.id];
  return label ? i18n._(label) : product.name.toLocaleUpperCase();
}

/** The setup fee is shown only when it is above 0 and the provider-side price id exists. */
export function showSetUpFee(product: { setUpFeeCents: number; setUpFeePriceId: string | null | undefined }): boolean {
  return product.setUpFeeCents > 0 && !!product.setUpFeePriceId;
}

export { formatDollars } from '@common/money';

export function buyLabel(productId: string): string {
  return productId === 'LIVE_STREAM' ? i18n._(msg`Start Live`) : i18n._(msg`BUY NOW`);
}

export function checkEmailPath(productId: string): string {
  return `/checkout/${encodeURIComponent(productId)}/check-email`;
}
