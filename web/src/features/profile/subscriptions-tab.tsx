import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';

const money = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The Subscriptions tab: what this server knows about the account's plan today (account status and open invoices).
 * Kept in its own file so the payments work can replace it with the subscriptions list.
 */
export function SubscriptionsTab() {
  const status = trpc.profile.planStatus.useQuery();
  if (status.isPending) return <Spinner label="Loading plan status" className="py-10" />;
  if (status.isError) return <EmptyState title="The plan status could not be loaded">{status.error.message}</EmptyState>;
  const { accountActive, openInvoices } = status.data;
  return (
    <div className="space-y-4" data-testid="plan-status">
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="font-semibold text-slate-900">Plan status</h2>
        <p className="mt-1 text-sm text-slate-600">
          Account: {accountActive ? <span className="font-medium text-green-700">active</span> : <span className="font-medium text-amber-700">waiting for activation</span>}
        </p>
        <p className="mt-1 text-sm text-slate-600">No subscription is recorded for this account on this server yet.</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="font-semibold text-slate-900">Outstanding payments</h2>
        {openInvoices.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nothing is outstanding.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {openInvoices.map((invoice) => (
              <li key={invoice.id} className="flex justify-between py-2">
                <span>{dateFormat.format(new Date(invoice.createdAt))}</span>
                <span className="font-medium text-slate-900">{money.format(invoice.amountCents / 100)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
