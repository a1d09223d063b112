import { useState } from 'react';
import { BadgeCheck, Rss, Users } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyMembershipOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyButton } from '@web/components/copy-button';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { failureMessage } from '@web/components/error-message';
import { Logo } from '@web/components/logo';
import { Spinner } from '@web/components/spinner';
import { useViewerBootstrap } from '@web/features/stream-player/public';
import { i18n } from '@web/lib/i18n/i18n';
import { loadSonner } from '@web/lib/lazy-toast';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { ViewerDialogs, ViewerMenu, type ViewerDialog } from '@web/features/viewer/public';
import { BecomeMemberDialog, renewalChoice, type JoinChoice } from './become-member-dialog';
import { ChangeTierDialog } from './change-tier-dialog';
import { formatDay, formatPrice, membershipState, membershipStateLabels, monthlyPriceText, type MembershipState } from './membership-text';
import { myMembershipsKey, useMyMemberships } from './use-my-memberships';

function notify(kind: 'success' | 'error', text: string): void {
  void loadSonner().then(({ toast }) => toast[kind](text));
}

type Confirming = { kind: 'cancel' | 'reset'; membership: MyMembershipOutput } | null;

const stateClasses: Record<MembershipState, string> = {
  renewing: 'bg-emerald-100 text-emerald-900',
  ending: 'bg-amber-100 text-amber-900',
  past_due: 'bg-red-100 text-red-800',
  lapsed: 'bg-slate-200 text-slate-700',
  ended: 'bg-slate-200 text-slate-700',
};

function creatorPagePath(membership: MyMembershipOutput): string | null {
  return membership.creatorTag ? `/c/${encodeURIComponent(membership.creatorTag)}` : null;
}

/** `/memberships`: the signed-in viewer's memberships — next charge, cancel and resume, private feed addresses. */
export default function MyMembershipsPage() {
  useViewerBootstrap();
  const { t } = useLingui();
  const signedIn = useViewer((state) => !!state.token);
  const mine = useMyMemberships();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<ViewerDialog>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [paying, setPaying] = useState<{ choice: JoinChoice; creatorName: string } | null>(null);
  const [changingTier, setChangingTier] = useState<MyMembershipOutput | null>(null);

  /** The server answers the membership as it now stands: it replaces the listed one. */
  const change = useMutation({
    mutationFn: ({ kind, membership }: NonNullable<Confirming> | { kind: 'resume'; membership: MyMembershipOutput }) => {
      const input = { membershipId: membership.id };
      if (kind === 'cancel') return viewerTrpc.memberships.cancel.mutate(input);
      if (kind === 'resume') return viewerTrpc.memberships.resume.mutate(input);
      return viewerTrpc.memberships.resetFeeds.mutate(input);
    },
    onSuccess: (updated, { kind }) => {
      queryClient.setQueriesData<MyMembershipOutput[]>({ queryKey: myMembershipsKey }, (list) => list?.map((item) => (item.id === updated.id ? updated : item)));
      setConfirming(null);
      const endsOn = updated.currentPeriodEnd && updated.hasAccess ? formatDay(updated.currentPeriodEnd) : null;
      if (kind === 'cancel') notify('success', endsOn ? t`Your membership ends on ${endsOn}` : t`Your membership has ended`);
      else if (kind === 'resume') notify('success', t`Your membership renews again`);
      else notify('success', t`New feed URLs are ready: the old ones no longer work`);
    },
    onError: (error) => notify('error', failureMessage(error)),
  });

  let content;
  if (!signedIn) {
    content = (
      <EmptyState title={t`Log in to see your memberships`} icon={<Users className="size-10" aria-hidden />}>
        <p>
          <Trans>Your memberships, their private podcast feeds and next charges are here once you log in as a viewer.</Trans>
        </p>
        <div className="mt-4 flex justify-center gap-2">
          <Button onClick={() => setDialog('login')}>
            <Trans>Log in</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setDialog('register')}>
            <Trans>Register</Trans>
          </Button>
        </div>
      </EmptyState>
    );
  } else if (mine.isPending) {
    content = <Spinner label={t`Loading your memberships`} className="py-24" />;
  } else if (mine.isError) {
    content = <ErrorState title={t`Your memberships could not be loaded`} error={mine.error} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />;
  } else if (mine.data.length === 0) {
    content = (
      <EmptyState title={t`No memberships yet`} icon={<Users className="size-10" aria-hidden />}>
        <Trans>Become a member on a creator's page to support them monthly and open their premium events and private feeds.</Trans>
      </EmptyState>
    );
  } else {
    content = (
      <ul className="space-y-4">
        {mine.data.map((membership) => (
          <MembershipCard
            key={membership.id}
            membership={membership}
            busy={change.isPending && change.variables?.membership.id === membership.id}
            onCancel={() => setConfirming({ kind: 'cancel', membership })}
            onResume={() => change.mutate({ kind: 'resume', membership })}
            onResetFeeds={() => setConfirming({ kind: 'reset', membership })}
            onPay={() => setPaying({ choice: renewalChoice(membership), creatorName: membership.creatorName })}
            onChangeTier={() => setChangingTier(membership)}
          />
        ))}
      </ul>
    );
  }

  const target = confirming?.membership;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <ViewerMenu onDialogChange={setDialog} />
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>My memberships</Trans>
        </h1>
        {content}
      </main>
      <ViewerDialogs dialog={dialog} onDialogChange={setDialog} />
      <ConfirmDialog
        open={confirming?.kind === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t`Cancel this membership?`}
        description={target && cancelText(target)}
        confirmLabel={t`Cancel membership`}
        cancelLabel={t`Keep membership`}
        destructive
        busy={change.isPending}
        onConfirm={() => confirming && change.mutate(confirming)}
      />
      <ConfirmDialog
        open={confirming?.kind === 'reset'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t`Reset your feed URLs?`}
        description={t`You get new private feed URLs at once. The current ones stop working: podcast apps that use them need the new ones.`}
        confirmLabel={t`Reset feed URLs`}
        destructive
        busy={change.isPending}
        onConfirm={() => confirming && change.mutate(confirming)}
      />
      <BecomeMemberDialog choice={paying?.choice ?? null} creatorName={paying?.creatorName ?? ''} onClose={() => setPaying(null)} />
      <ChangeTierDialog membership={changingTier} onClose={() => setChangingTier(null)} />
    </div>
  );
}

function cancelText(membership: MyMembershipOutput): string {
  const { tierName, creatorName } = membership;
  if (membership.status === 'past_due') return i18n._(msg`Your ${tierName} membership of ${creatorName} ends now, and the renewal that did not go through is not charged.`);
  if (!membership.currentPeriodEnd) {
    return i18n._(msg`Your ${tierName} membership of ${creatorName} stays open until the end of the month you paid for and is not charged again. You can resume it until then.`);
  }
  const end = formatDay(membership.currentPeriodEnd);
  return i18n._(msg`Your ${tierName} membership of ${creatorName} stays open until ${end}, the end of the month you paid for, and is not charged again. You can resume it until then.`);
}

interface MembershipCardProps {
  membership: MyMembershipOutput;
  busy: boolean;
  onCancel(): void;
  onResume(): void;
  onResetFeeds(): void;
  onPay(): void;
  onChangeTier(): void;
}

function MembershipCard({ membership, busy, onCancel, onResume, onResetFeeds, onPay, onChangeTier }: MembershipCardProps) {
  const { t } = useLingui();
  const state = membershipState(membership);
  const creatorPage = creatorPagePath(membership);
  const creatorName = membership.creatorName;
  const creatorPageText = t`${creatorName}'s page`;
  const creatorLink = creatorPage ? (
    <Link href={creatorPage} className="font-medium text-brand-700 hover:underline">
      {creatorPageText}
    </Link>
  ) : (
    <span>{creatorPageText}</span>
  );
  const nextCharge = formatPrice(membership.nextChargeCents ?? membership.priceCents);
  const nextChargeOn = membership.nextChargeAt ? formatDay(membership.nextChargeAt) : '';
  const cardLast4 = membership.cardLast4;
  const scheduledTier = membership.scheduledTierName;
  const scheduledPrice = monthlyPriceText(membership.scheduledPriceCents ?? membership.priceCents);
  const periodEnd = membership.currentPeriodEnd ? formatDay(membership.currentPeriodEnd) : null;
  const graceEnd = membership.graceEndsAt ? formatDay(membership.graceEndsAt) : null;
  const since = membership.since ? formatDay(membership.since) : null;
  const headingId = `membership-${membership.id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="membership">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {membership.creatorName}
          </h2>
          <p className="text-sm text-slate-600" data-testid="membership-tier">
            {membership.tierName} · {monthlyPriceText(membership.priceCents)}
          </p>
        </div>
        <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', stateClasses[state])}>{i18n._(membershipStateLabels[state])}</span>
      </div>

      <div className="space-y-1 text-sm text-slate-700" data-testid="membership-status">
        {state === 'renewing' && membership.nextChargeAt && (
          <p>
            {cardLast4 ? (
              <Trans>
                Next charge: {nextCharge} on {nextChargeOn} (card ending in {cardLast4})
              </Trans>
            ) : (
              <Trans>
                Next charge: {nextCharge} on {nextChargeOn}
              </Trans>
            )}
          </p>
        )}
        {state === 'renewing' && membership.scheduledTierName && membership.currentPeriodEnd && (
          <p data-testid="membership-scheduled-tier">
            <Trans>
              Changes to <strong>{scheduledTier}</strong> ({scheduledPrice}) on {periodEnd}.
            </Trans>
          </p>
        )}
        {state === 'ending' && membership.currentPeriodEnd && (
          <p>
            <Trans>
              <strong>Ends on {periodEnd}.</strong> Your perks stay open until then and you are not charged again.
            </Trans>
          </p>
        )}
        {state === 'past_due' && (
          <p role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            {graceEnd ? (
              <Trans>
                Your last monthly payment did not go through. We try the card again in the meantime; pay by {graceEnd} to keep your membership, or it lapses
                and its perks and private feeds stop. You can also see the tiers on {creatorLink}.
              </Trans>
            ) : (
              <Trans>
                Your last monthly payment did not go through. We try the card again in the meantime; pay soon to keep your membership, or it lapses and its
                perks and private feeds stop. You can also see the tiers on {creatorLink}.
              </Trans>
            )}
          </p>
        )}
        {state === 'lapsed' && (
          <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <Trans>
              This membership lapsed after a monthly payment did not go through: its perks and private feeds have stopped. To support {creatorName} again,
              become a member on {creatorLink}.
            </Trans>
          </p>
        )}
        {state === 'ended' && (
          <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            {periodEnd ? (
              <Trans>
                This membership ended on {periodEnd}. To join again, visit {creatorLink}.
              </Trans>
            ) : (
              <Trans>This membership ended. To join again, visit {creatorLink}.</Trans>
            )}
          </p>
        )}
        {since && (
          <p className="text-xs text-slate-500">
            <Trans>Member since {since}</Trans>
          </p>
        )}
      </div>

      {membership.feeds.length > 0 && (
        <section aria-label={t`Private feeds of ${creatorName}`} className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Rss className="size-4 text-brand-700" aria-hidden /> <Trans>Private podcast feeds</Trans>
          </h3>
          <p className="text-xs text-slate-600">
            <Trans>Add a URL to your podcast app. It is yours alone: do not share it.</Trans>
          </p>
          <ul className="space-y-2">
            {membership.feeds.map((feed) => (
              <li key={feed.titleId} className="space-y-1">
                <label className="block text-sm font-medium text-slate-700" htmlFor={`feed-${membership.id}-${feed.titleId}`}>
                  {feed.titleName}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <input
                    id={`feed-${membership.id}-${feed.titleId}`}
                    readOnly
                    value={feed.url}
                    onFocus={(event) => event.currentTarget.select()}
                    dir="ltr"
                    className="h-8 min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-2 font-mono text-xs text-slate-900"
                  />
                  <CopyButton value={feed.url} label={t`Copy ${feed.titleName} feed URL`} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {state === 'past_due' && (
          <Button onClick={onPay}>
            <Trans>Pay now</Trans>
          </Button>
        )}
        {state === 'ending' && membership.status === 'active' && (
          <Button onClick={onResume} busy={busy}>
            <BadgeCheck className="size-4" aria-hidden /> <Trans>Resume membership</Trans>
          </Button>
        )}
        {state === 'renewing' && membership.status === 'active' && (
          <Button variant="secondary" onClick={onChangeTier} disabled={busy}>
            <Trans>Change tier</Trans>
          </Button>
        )}
        {(state === 'renewing' || state === 'past_due') && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel membership</Trans>
          </Button>
        )}
        {membership.feeds.length > 0 && (
          <Button variant="ghost" onClick={onResetFeeds} disabled={busy}>
            <Trans>Reset feed URLs</Trans>
          </Button>
        )}
        {creatorPage && (state === 'renewing' || state === 'ending') && (
          <Link href={creatorPage} className="inline-flex h-10 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
            <Trans>Visit {creatorName}'s page</Trans>
          </Link>
        )}
      </div>
    </li>
  );
}
