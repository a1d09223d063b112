import { useState } from 'react';
import { AlertCircle, ArrowDown, ArrowUp, Check } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyMembershipOutput, TierChangeOptionOutput } from '@server/domains/memberships/memberships.schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { failureMessage } from '@web/components/error-message';
import { Modal } from '@web/components/modal';
import { Spinner } from '@web/components/spinner';
import { loadSonner } from '@web/lib/lazy-toast';
import { i18n } from '@web/lib/i18n/i18n';
import { viewerTrpc } from '@web/lib/trpc';
import { formatDay, formatPrice, monthlyPriceText } from './membership-text';
import { myMembershipsKey, useRefreshMembershipAccess } from './use-my-memberships';

export interface ChangeTierDialogProps {
  /** The membership whose tier changes; the dialog is open while one is given. */
  membership: MyMembershipOutput | null;
  /** A tier chosen already (the creator page's "Change to this tier"). */
  initialTierId?: string | null;
  onClose(): void;
}

/** What choosing an option does, as the dialog says it before the member confirms. */
export function tierChangeText(option: TierChangeOptionOutput, membership: Pick<MyMembershipOutput, 'tierName' | 'currentPeriodEnd' | 'scheduledTierId'>): string {
  const name = option.name;
  const tierName = membership.tierName;
  const monthly = monthlyPriceText(option.priceCents);
  if (option.kind === 'current') return i18n._(msg`Stay on ${name} at ${monthly}: the change to the other tier is undone.`);
  if (option.kind === 'downgrade') {
    if (!option.effectiveAt) return i18n._(msg`You keep ${tierName} until the end of the month you paid for. From then you pay ${monthly}. Nothing is charged now.`);
    const from = formatDay(option.effectiveAt);
    return i18n._(msg`You keep ${tierName} until ${from}. From then you pay ${monthly}. Nothing is charged now.`);
  }
  const now = formatPrice(option.chargeNowCents);
  if (membership.currentPeriodEnd) {
    const from = formatDay(membership.currentPeriodEnd);
    return option.chargeNowCents > 0
      ? i18n._(msg`${name} opens now. You pay ${now} now for the rest of this month, then ${monthly} from ${from}.`)
      : i18n._(msg`${name} opens now with nothing to pay now, then ${monthly} from ${from}.`);
  }
  return option.chargeNowCents > 0
    ? i18n._(msg`${name} opens now. You pay ${now} now for the rest of this month, then ${monthly}.`)
    : i18n._(msg`${name} opens now with nothing to pay now, then ${monthly}.`);
}

/** The option's line in the list: what it costs now, or from when it applies. */
function optionNote(option: TierChangeOptionOutput, scheduled: boolean): string {
  if (option.kind === 'current') return scheduled ? i18n._(msg`Your tier now · choose it to stay`) : i18n._(msg`Your tier now`);
  if (option.kind === 'downgrade') {
    if (!option.effectiveAt) return i18n._(msg`At the end of this month`);
    const day = formatDay(option.effectiveAt);
    return i18n._(msg`From ${day}`);
  }
  const price = formatPrice(option.chargeNowCents);
  return option.chargeNowCents > 0 ? i18n._(msg`${price} now`) : i18n._(msg`Nothing to pay now`);
}

function confirmLabel(option: TierChangeOptionOutput): string {
  const name = option.name;
  if (option.kind === 'current') return i18n._(msg`Stay on ${name}`);
  if (option.kind === 'downgrade') {
    if (!option.effectiveAt) return i18n._(msg`Change at the end of the month`);
    const day = formatDay(option.effectiveAt);
    return i18n._(msg`Change on ${day}`);
  }
  const price = formatPrice(option.chargeNowCents);
  return option.chargeNowCents > 0 ? i18n._(msg`Upgrade and pay ${price}`) : i18n._(msg`Upgrade to ${name}`);
}

/**
 * "Change tier": the creator's other tiers with what each costs now (an upgrade's prorated difference, charged to the
 * saved card) or from when it applies (a downgrade, at the end of the paid month); the member confirms, and the
 * server's refusal (a declined card, a tier no longer open) is shown in the dialog.
 */
export function ChangeTierDialog({ membership, initialTierId = null, onClose }: ChangeTierDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      size="md"
      open={membership !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Change tier`}
      description={membership ? t`${membership.creatorName} · now ${membership.tierName}` : undefined}
    >
      {membership && <ChangeTierForm key={`${membership.id}:${initialTierId ?? ''}`} membership={membership} initialTierId={initialTierId} onDone={onClose} />}
    </Modal>
  );
}

function ChangeTierForm({ membership, initialTierId, onDone }: { membership: MyMembershipOutput; initialTierId: string | null; onDone(): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refresh = useRefreshMembershipAccess();
  const options = useQuery({
    queryKey: ['viewer', 'memberships', 'tier-options', membership.id],
    retry: false,
    queryFn: () => viewerTrpc.memberships.tierOptions.query({ membershipId: membership.id }),
  });
  const [chosen, setChosen] = useState<string | null>(initialTierId && initialTierId !== membership.tierId ? initialTierId : null);
  const change = useMutation({
    mutationFn: (tierId: string) => viewerTrpc.memberships.changeTier.mutate({ membershipId: membership.id, tierId }),
    onSuccess: async (answer) => {
      queryClient.setQueriesData<MyMembershipOutput[]>({ queryKey: myMembershipsKey }, (list) => list?.map((item) => (item.id === answer.membership.id ? answer.membership : item)));
      await refresh();
      const tierName = answer.membership.tierName;
      const charged = formatPrice(answer.chargedCents);
      const newTier = answer.membership.scheduledTierName ?? t`the new tier`;
      const day = answer.effectiveAt ? formatDay(answer.effectiveAt) : null;
      const text =
        answer.change === 'upgraded'
          ? answer.chargedCents > 0
            ? t`You're now on ${tierName}: ${charged} was charged. Your receipt is in your mail.`
            : t`You're now on ${tierName}`
          : answer.change === 'downgrade_scheduled'
            ? day
              ? t`Your membership changes to ${newTier} on ${day}`
              : t`Your membership changes to ${newTier} at the end of the month`
            : t`You stay on ${tierName}`;
      void loadSonner().then(({ toast }) => toast.success(text));
      onDone();
    },
  });

  if (options.isPending) return <Spinner label={t`Loading the tiers`} className="py-8" />;
  if (options.isError) {
    return (
      <p role="alert" className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> {failureMessage(options.error)}
      </p>
    );
  }
  const scheduled = !!membership.scheduledTierId;
  const scheduledOn = membership.currentPeriodEnd ? formatDay(membership.currentPeriodEnd) : null;
  // The current tier is a choice only when it undoes a scheduled downgrade.
  const list = options.data.filter((option) => option.kind !== 'current' || scheduled);
  const selected = list.find((option) => option.tierId === chosen) ?? null;
  return (
    <div className="space-y-4">
      {scheduled && membership.scheduledTierName && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {scheduledOn ? (
            <Trans>
              Your membership changes to {membership.scheduledTierName} on {scheduledOn}.
            </Trans>
          ) : (
            <Trans>Your membership changes to {membership.scheduledTierName}.</Trans>
          )}
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>{membership.creatorName} has no other tier open right now.</Trans>
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">
            <Trans>Choose a tier</Trans>
          </legend>
          {list.map((option) => {
            const checked = option.tierId === chosen;
            return (
              <label
                key={option.tierId}
                className={cx(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
                  checked ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-100' : 'border-slate-200 bg-white hover:border-slate-300',
                )}
                data-testid="tier-option"
              >
                <input
                  type="radio"
                  name={`tier-${membership.id}`}
                  value={option.tierId}
                  checked={checked}
                  onChange={() => {
                    change.reset();
                    setChosen(option.tierId);
                  }}
                  className="mt-1"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold break-words text-slate-900">{option.name}</span>
                    <span className="text-slate-700">{monthlyPriceText(option.priceCents)}</span>
                  </span>
                  <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
                    {option.kind === 'upgrade' && <ArrowUp className="size-3.5" aria-hidden />}
                    {option.kind === 'downgrade' && <ArrowDown className="size-3.5" aria-hidden />}
                    {option.kind === 'current' && <Check className="size-3.5" aria-hidden />}
                    {optionNote(option, scheduled)}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {selected && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="tier-change-summary">
          {tierChangeText(selected, membership)}
          {selected.kind === 'upgrade' && selected.chargeNowCents > 0 && membership.cardLast4 ? ' ' + t`Charged to your card ending in ${membership.cardLast4}.` : ''}
        </p>
      )}
      {change.isError && (
        <p role="alert" className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200" data-testid="tier-change-error">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> {failureMessage(change.error)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={change.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button disabled={!selected} busy={change.isPending} onClick={() => selected && change.mutate(selected.tierId)}>
          {selected ? confirmLabel(selected) : t`Choose a tier`}
        </Button>
      </div>
    </div>
  );
}
