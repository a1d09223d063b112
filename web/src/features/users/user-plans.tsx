import { useState } from 'react';
import { Gift } from 'lucide-react';
import { toast } from 'sonner';
import type { ProductOutput } from '@server/domains/billing/billing.schemas';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/form-fields';
import { Spinner } from '@web/components/spinner';
import { trpc } from '@web/lib/trpc';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const statusLabels: Record<string, string> = { active: 'Active', past_due: 'Payment due', canceled: 'Canceled', incomplete: 'Not paid yet' };

/** The user page's plans: paid subscriptions, complimentary plans (grant and revoke), and what they may create now. */
export function UserPlans({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const plans = trpc.adminUsers.plans.useQuery({ userId }, { retry: false });
  const products = trpc.billing.products.useQuery();
  const [choice, setChoice] = useState<ProductOutput['id'] | ''>('');
  const onSaved = (message: string) => (answer: NonNullable<typeof plans.data>) => {
    utils.adminUsers.plans.setData({ userId }, answer);
    setChoice('');
    toast.success(message);
  };
  const grant = trpc.adminUsers.grantComplimentaryPlan.useMutation({ onSuccess: onSaved('Complimentary plan granted'), onError: (error) => toast.error(error.message) });
  const revoke = trpc.adminUsers.revokeComplimentaryPlan.useMutation({ onSuccess: onSaved('Complimentary plan revoked'), onError: (error) => toast.error(error.message) });

  if (plans.isPending) return <Spinner label="Loading plans" className="py-6" />;
  if (plans.isError) return null;
  const granted = new Set(plans.data.grants.map((entry) => entry.productId));
  const grantable = (products.data ?? []).filter((product) => !granted.has(product.id));
  const selected = choice || grantable[0]?.id || '';
  const { access } = plans.data;

  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label="Plans" data-testid="user-plans">
      <div className="space-y-1">
        <h2 className="font-semibold text-slate-900">Plans</h2>
        <p className="text-sm text-slate-600">
          {plans.data.gated
            ? `“Features require a plan” is on: events and going live ${access.events ? 'allowed' : 'need the Live Stream plan'}; audio titles ${access.audioTitles ?? '∞'} (${access.usedAudioTitles} used); video titles ${access.videoTitles ?? '∞'} (${access.usedVideoTitles} used).`
            : '“Features require a plan” is off (Settings → General): every creator may create events and titles.'}
        </p>
      </div>
      {plans.data.subscriptions.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Subscriptions">
          {plans.data.subscriptions.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium text-slate-900">{entry.name}</span>
              <span className="text-slate-600">
                {statusLabels[entry.status] ?? entry.status}
                {entry.currentPeriodEnd ? ` · ${entry.cancelAtPeriodEnd || entry.status === 'canceled' ? 'ends' : 'renews'} ${dateFormat.format(new Date(entry.currentPeriodEnd))}` : ''}
                {entry.counts ? '' : ' · does not count'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ul className="space-y-2" aria-label="Complimentary plans">
        {plans.data.grants.map((entry) => (
          <li key={entry.productId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid={`grant-${entry.productId}`}>
            <span>
              <Gift className="mr-1 inline size-4 text-brand-600" aria-hidden />
              <span className="font-medium text-slate-900">{entry.name}</span> <span className="text-slate-500">complimentary since {dateFormat.format(new Date(entry.createdAt))}</span>
            </span>
            <Button variant="secondary" size="sm" busy={revoke.isPending && revoke.variables?.productId === entry.productId} onClick={() => revoke.mutate({ userId, productId: entry.productId })}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {grantable.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label="Grant a complimentary plan"
            value={selected}
            onChange={(event) => setChoice(event.target.value as ProductOutput['id'])}
            options={grantable.map((product) => ({ value: product.id, label: product.name }))}
            className="min-w-48 flex-1"
          />
          <Button busy={grant.isPending} disabled={!selected} onClick={() => selected && grant.mutate({ userId, productId: selected })}>
            Grant
          </Button>
        </div>
      )}
    </section>
  );
}
