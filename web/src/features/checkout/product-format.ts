/** Pure presentation rules of the plans page (platform.md §2 "Subscription and checkout", §5, §9). */

const podcastLabels: Record<string, string> = {
  PODCAST_TITLE: 'PODCAST',
  PODCAST_TITLE_ADD_ON: 'PODCAST + ADD ON',
  PODCAST_VIDEO_TITLE: 'PODCAST VIDEO',
  PODCAST_VIDEO_TITLE_ADD_ON: 'PODCAST VIDEO + ADD ON',
};

export function productHeaderLabel(product: { id: string; name: string }): string {
  return podcastLabels[product.id] ?? product.name.toUpperCase();
}

/** The setup fee is shown only when it is above 0 and the provider-side price id exists. */
export function showSetUpFee(product: { setUpFeeCents: number; setUpFeePriceId: string | null | undefined }): boolean {
  return product.setUpFeeCents > 0 && !!product.setUpFeePriceId;
}

export { formatDollars } from '@common/money';

export function buyLabel(productId: string): string {
  return productId === 'LIVE_STREAM' ? 'Start Live' : 'BUY NOW';
}

export function checkEmailPath(productId: string): string {
  return `/checkout/${encodeURIComponent(productId)}/check-email`;
}
