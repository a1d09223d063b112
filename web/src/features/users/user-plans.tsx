import { useState } from 'react';
import { Gift } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductOutput } from '@server/domains/billing/billing.schemas';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/form-fields';
import { Spinner } from '@web/components/spinner';
import { formatDate } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';

const shortDate = (iso: string) => formatDate(iso, { dateStyle: 'medium' });
const statusLabels: Record<string, MessageDescriptor> = { active: msg`Active`, past_due: msg`Payment due`, canceled: msg`Canceled`, incomplete: msg`Not paid yet` };

/** The user page's plans: paid subscriptions, complimentary plans (grant and revoke), and what they may create now. */
export function UserPlans({ userId }: { userId: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const plans = trpc.adminUsers.plans.useQuery({ userId }, { retry: false });
  const products = trpc.billing.products.useQuery();
  const [choice, setChoice] = useState<ProductOutput['id'] | ''>('');
  const onSaved = (message: string) => (answer: NonNullable<typeof plans.data>) => {
    utils.adminUsers.plans.setData({ userId }, answer);
    setChoice('');
    toast.success(message);
  };
  const grant = trpc.adminUsers.grantComplimentaryPlan.useMutation({ onSuccess: onSaved(t`Complimentary plan granted`), onError: (error) => toast.error(error.message) });
  const revoke = trpc.adminUsers.revokeComplimentaryPlan.useMutation({ onSuccess: onSaved(t`Complimentary plan revoked`), onError: (error) => toast.error(error.message) });

  if (plans.isPending) return <Spinner label={t`Loading plans`} className="py-6" />;
  if (plans.isError) return null;
  const granted = new Set(plans.data.grants.map((entry) => entry.productId));
  const grantable = (products.data ?? []).filter((product) => !granted.has(product.id));
  const selected = choice || grantable[0]?.id || '';
  const { access } = plans.data;
  const audioTitles = access.audioTitles ?? '∞';
  const videoTitles = access.videoTitles ?? '∞';
  const usedAudio = access.usedAudioTitles;
  const usedVideo = access.usedVideoTitles;

  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label={t`Plans`} data-testid="user-plans">
      <div className="space-y-1">
        <h2 className="font-semibold text-slate-900">
          <Trans>Plans</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          {!plans.data.gated ? (
            <Trans>“Features require a plan” is off (Settings → General): every creator may create events and titles.</Trans>
          ) : access.events ? (
            <Trans>
              “Features require a plan” is on: events and going live allowed; audio titles {audioTitles} ({usedAudio} used); video titles {videoTitles} ({usedVideo} used).
            </Trans>
          ) : (
            <Trans>
              “Features require a plan” is on: events and going live need the Live Stream plan; audio titles {audioTitles} ({usedAudio} used); video titles {videoTitles} ({usedVideo} used).
            </Trans>
          )}
        </p>
      </div>
      {plans.data.subscriptions.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label={t`Subscriptions`}>
          {plans.data.subscriptions.map((entry) => {
            const status = statusLabels[entry.status];
            const periodEnd = entry.currentPeriodEnd ? shortDate(entry.currentPeriodEnd) : null;
            return (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium text-slate-900">{entry.name}</span>
              <span className="text-slate-600">
                {status ? t(status) : entry.status}
                {periodEnd && ' · '}
                {periodEnd && (entry.cancelAtPeriodEnd || entry.status === 'canceled' ? <Trans>ends {periodEnd}</Trans> : <Trans>renews {periodEnd}</Trans>)}
                {!entry.counts && (
                  <>
                    {' · '}
                    <Trans>does not count</Trans>
                  </>
                )}
              </span>
            </li>
            );
          })}
        </ul>
      )}
      <ul className="space-y-2" aria-label={t`Complimentary plans`}>
        {plans.data.grants.map((entry) => (
          <li key={entry.productId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid={`grant-${entry.productId}`}>
            <span>
              <Gift className="me-1 inline size-4 text-brand-600" aria-hidden />
              <span className="font-medium text-slate-900">{entry.name}</span>{' '}
              <span className="text-slate-500">
                <Trans>complimentary since {shortDate(entry.createdAt)}</Trans>
              </span>
            </span>
            <Button variant="secondary" size="sm" busy={revoke.isPending && revoke.variables?.productId === entry.productId} onClick={() => revoke.mutate({ userId, productId: entry.productId })}>
              <Trans>Revoke</Trans>
            </Button>
          </li>
        ))}
      </ul>
      {grantable.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t`Grant a complimentary plan`}
            value={selected}
            onChange={(event) => setChoice(event.target.value as ProductOutput['id'])}
            options={grantable.map((product) => ({ value: product.id, label: product.name }))}
            className="min-w-48 flex-1"
          />
          <Button busy={grant.isPending} disabled={!selected} onClick={() => selected && grant.mutate({ userId, productId: selected })}>
            <Trans>Grant</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
