import { useMemo } from 'react';
import { Receipt } from 'lucide-react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { Order } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { DataTable, type DataColumn } from './data-table';
import { formatAmount } from './format';
import { OrderStatusBadge, currentStatus } from './order-status';

const customerName = (order: Order) => `${order.customer.firstName} ${order.customer.lastName}`.trim();

/** The orders of the e-commerce sample: searchable, sortable and paged (cards on phones). */
export default function OrdersPage() {
  const { t } = useLingui();
  const orders = trpc.demo.ecommerce.orders.useQuery();
  const [, navigate] = useLocation();
  const columns = useMemo<DataColumn<Order>[]>(
    () => [
      { accessorKey: 'reference', header: t`Reference`, cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.reference}</span> },
      { id: 'customer', header: t`Customer`, accessorFn: customerName },
      { id: 'total', header: t`Total`, accessorFn: (order) => Number(order.total), cell: ({ row }) => formatAmount(row.original.total) },
      { id: 'payment', header: t`Payment`, accessorFn: (order) => order.payment.method },
      { id: 'status', header: t`Status`, accessorFn: (order) => currentStatus(order)?.name ?? '', cell: ({ row }) => <OrderStatusBadge order={row.original} /> },
      { accessorKey: 'date', header: t`Date` },
    ],
    [t],
  );
  return (
    <SampleAppShell title={t`Orders`} icon={<Receipt aria-hidden />} subtitle={t`E-commerce`}>
      <QueryState
        query={orders}
        errorTitle={t`Could not load the orders`}
        loading={<SkeletonList rows={8} avatar={false} label={t`Loading orders`} />}
        empty={<EmptyState title={t`There are no orders yet`} />}
      >
        {(items) => (
          <DataTable
            data={items}
            columns={columns}
            searchLabel={t`Search orders`}
            searchText={(order) => [order.id, order.reference, customerName(order), order.customer.email, currentStatus(order)?.name].join(' ')}
            rowLabel={(order) => t`Open order ${order.reference}`}
            onOpen={(order) => navigate(`/apps/e-commerce/orders/${encodeURIComponent(order.id)}`)}
            emptyTitle={t`No orders match`}
            card={(order) => (
              <span className="block space-y-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{order.reference}</span>
                  <span className="font-semibold">{formatAmount(order.total)}</span>
                </span>
                <span className="block truncate text-sm text-slate-600">{customerName(order)}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <OrderStatusBadge order={order} /> {order.date}
                </span>
              </span>
            )}
          />
        )}
      </QueryState>
    </SampleAppShell>
  );
}
