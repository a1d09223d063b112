/** What other features may use of analytics: the per-item counts shown in the episode list and the recordings. */
export { useItemCounts, ItemCount } from './item-counts';
export { analyticsPath, howWeCountPath } from './paths';
