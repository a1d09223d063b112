import type { Order } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { cx } from '@web/components/cx';

/** The latest entry of the order's status history. */
export const currentStatus = (order: Order) => order.status.at(-1);

/** The sample's colour shade tokens ("green-500") drawn as badge colours. */
const tones: Record<string, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  orange: 'bg-orange-100 text-orange-800',
  purple: 'bg-purple-100 text-purple-800',
  pink: 'bg-pink-100 text-pink-800',
  red: 'bg-red-100 text-red-800',
};
export const statusTone = (color: string) => tones[color.split('-')[0] ?? ''] ?? 'bg-slate-100 text-slate-700';

export function StatusBadge({ name, color, className }: { name: string; color: string; className?: string }) {
  return <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', statusTone(color), className)}>{name}</span>;
}

export function OrderStatusBadge({ order }: { order: Order }) {
  const status = currentStatus(order);
  return status ? <StatusBadge name={status.name} color={status.color} /> : null;
}
