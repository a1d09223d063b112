import type { ReactNode } from 'react';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { TableScroll } from '@web/components/table-scroll';
import { trpc } from '@web/lib/trpc';
import type { Order } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { FallbackImage, PersonAvatar } from '../shared/fallback-image';
import { Tabs } from '../shared/tabs';
import { formatAmount } from './format';
import { StatusBadge } from './order-status';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function DetailsTab({ order }: { order: Order }) {
  const { t } = useLingui();
  const { customer } = order;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t`Customer`}>
        <div className="mb-3 flex items-center gap-3">
          <PersonAvatar name={`${customer.firstName} ${customer.lastName}`} src={customer.avatar} className="size-12" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {customer.firstName} {customer.lastName}
            </p>
            <p className="truncate text-sm text-slate-500">
              {customer.jobTitle}
              {customer.company ? `, ${customer.company}` : ''}
            </p>
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={t`Email`}>{customer.email}</Field>
          <Field label={t`Phone`}>{customer.phone}</Field>
          <Field label={t`Invoice address`}>{customer.invoiceAddress.address}</Field>
          <Field label={t`Shipping address`}>{customer.shippingAddress.address}</Field>
        </dl>
      </Card>
      <Card title={t`Status history`}>
        <ol className="space-y-3 border-s-2 border-slate-200 ps-4" aria-label={t`Status history`}>
          {[...order.status].reverse().map((status, index) => (
            <li key={`${status.id}-${status.date}-${index}`} className="relative">
              <span aria-hidden className="absolute -start-[1.42rem] top-1.5 size-2.5 rounded-full bg-brand-500" />
              <StatusBadge name={status.name} color={status.color} />
              <p className="mt-0.5 text-xs text-slate-500">{status.date}</p>
            </li>
          ))}
        </ol>
      </Card>
      <Card title={t`Payment`}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={t`Transaction`}>{order.payment.transactionId}</Field>
          <Field label={t`Method`}>{order.payment.method}</Field>
          <Field label={t`Amount`}>{formatAmount(order.payment.amount)}</Field>
          <Field label={t`Date`}>{order.payment.date}</Field>
        </dl>
      </Card>
      <Card title={t`Shipping`}>
        {order.shippingDetails.length === 0 ? (
          <p className="text-sm text-slate-500">
            <Trans>Not shipped yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-3">
            {order.shippingDetails.map((shipping) => (
              <li key={`${shipping.tracking}-${shipping.date}`}>
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Field label={t`Tracking code`}>{shipping.tracking}</Field>
                  <Field label={t`Carrier`}>{shipping.carrier}</Field>
                  <Field label={t`Weight`}>{shipping.weight}</Field>
                  <Field label={t`Fee`}>{formatAmount(shipping.fee)}</Field>
                  <Field label={t`Date`}>{shipping.date}</Field>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function ProductsTab({ order }: { order: Order }) {
  const { t } = useLingui();
  return (
    <TableScroll label={t`Ordered products`}>
      <table className="w-full min-w-[560px] text-start text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              <Trans>Product</Trans>
            </th>
            <th scope="col" className="px-3 py-2">
              <Trans>Price</Trans>
            </th>
            <th scope="col" className="px-3 py-2">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="px-3 py-2">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.products.map((line) => (
            <tr key={line.id}>
              <td className="px-3 py-2">
                <span className="flex items-center gap-3">
                  <FallbackImage src={line.image} alt="" className="size-10 shrink-0 rounded" />
                  <span className="font-medium text-slate-900">{line.name}</span>
                </span>
              </td>
              <td className="px-3 py-2">{formatAmount(line.price)}</td>
              <td className="px-3 py-2">{line.quantity}</td>
              <td className="px-3 py-2">{formatAmount(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function InvoiceTab({ order }: { order: Order }) {
  const { t } = useLingui();
  const { customer } = order;
  const totals: Array<[string, string]> = [
    [t`Subtotal`, order.subtotal],
    [t`Tax`, order.tax],
    [t`Discount`, order.discount],
  ];
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-bold text-slate-900">
            <Trans>Invoice</Trans>
          </p>
          <p className="text-sm text-slate-500">
            <Trans>Order {order.reference}</Trans>
          </p>
          <p className="text-sm text-slate-500">{order.date}</p>
        </div>
        <div className="text-sm">
          <p className="font-semibold text-slate-900">
            {customer.firstName} {customer.lastName}
          </p>
          <p className="text-slate-600">{customer.invoiceAddress.address}</p>
          <p className="text-slate-600">{customer.email}</p>
        </div>
      </div>
      <ProductsTab order={order} />
      <dl className="ms-auto max-w-xs space-y-1 text-sm">
        {totals.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-6">
            <dt className="text-slate-500">{label}</dt>
            <dd>{formatAmount(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-6 border-t border-slate-200 pt-1 text-base font-semibold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{formatAmount(order.total)}</dd>
        </div>
      </dl>
      <div className="flex justify-end print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          <Trans>Print</Trans>
        </Button>
      </div>
    </div>
  );
}

/** One order of the e-commerce sample: details (customer, status history, payment, shipping), products, invoice. */
export default function OrderPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams<{ orderId: string }>();
  const order = trpc.demo.ecommerce.order.useQuery({ orderId }, { retry: (count, error) => error.data?.httpStatus !== 404 && count < 2 });
  return (
    <SampleAppShell
      title={order.data ? t`Order ${order.data.reference}` : t`Order`}
      subtitle={order.data ? `${order.data.customer.firstName} ${order.data.customer.lastName}` : t`E-commerce`}
      actions={
        <Link href="/apps/e-commerce/orders" className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-white hover:bg-white/15">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          <Trans>Orders</Trans>
        </Link>
      }
    >
      <QueryState query={order} errorTitle={t`Could not load this order`} loading={<SkeletonCards count={4} label={t`Loading the order`} className="xl:grid-cols-2" />}>
        {(loaded) => (
          <Tabs
            label={t`Order sections`}
            tabs={[
              { value: 'details', label: t`Order details`, content: <DetailsTab order={loaded} /> },
              { value: 'products', label: t`Products`, content: <ProductsTab order={loaded} /> },
              { value: 'invoice', label: t`Invoice`, content: <InvoiceTab order={loaded} /> },
            ]}
          />
        )}
      </QueryState>
    </SampleAppShell>
  );
}
