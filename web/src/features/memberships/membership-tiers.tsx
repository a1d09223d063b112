import { useState } from 'react';
import { BadgeCheck, Check } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyMembershipOutput, PublicTierOutput } from '@server/domains/memberships/memberships.schemas';
import { appPagePaths } from '@common/page-paths';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { joinChoice, renewalChoice, type JoinChoice } from './become-member-dialog';
import { ChangeTierDialog } from './change-tier-dialog';
import { creatorMembershipOf, formatDay, monthlyPriceText, tierIncludesEvent, tierPerks } from './membership-text';

export interface MembershipTiersProps {
  tiers: PublicTierOutput[];
  /** The signed-in viewer's memberships (undefined for a guest or while loading). */
  memberships: MyMembershipOutput[] | undefined;
  onJoin(choice: JoinChoice): void;
  /** On an event page: says which tiers include that event. */
  eventId?: string;
  /** Heading level of each tier's name (the page's own structure). */
  headingLevel?: 3 | 4;
  className?: string;
}

/**
 * A creator's tiers: name, monthly price, perks and "Become a member". A member of the creator sees their tier marked
 * with "Change tier", and "Change to this tier" on the others (one membership per creator: joining another tier is a
 * tier change).
 */
export function MembershipTiers({ tiers, memberships, onJoin, eventId, headingLevel = 3, className }: MembershipTiersProps) {
  const { t } = useLingui();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const [changing, setChanging] = useState<{ membership: MyMembershipOutput; tierId: string | null } | null>(null);
  return (
    <>
    <ul className={cx('grid gap-4 sm:grid-cols-2', className)}>
      {tiers.map((tier) => {
        const member = tiers.length > 0 ? creatorMembershipOf(memberships, tier.creatorId) : null;
        const perks = tierPerks(tier);
        return (
          <li key={tier.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="membership-tier">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Heading className="text-base font-semibold break-words text-slate-900">{tier.name}</Heading>
              <p className="text-sm font-semibold text-slate-900">{monthlyPriceText(tier.priceCents)}</p>
            </div>
            {eventId && tierIncludesEvent(tier, eventId) && (
              <p className="w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900">
                <Trans>Includes this event</Trans>
              </p>
            )}
            {tier.description && <p className="text-sm whitespace-pre-line text-slate-700">{tier.description}</p>}
            {perks.length > 0 && (
              <ul aria-label={t`${tier.name} perks`} className="space-y-1 text-sm text-slate-700">
                {perks.map((perk) => (
                  <li key={perk} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
                    {perk}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-auto pt-1">
              <TierAction tier={tier} member={member} onJoin={onJoin} onChange={(membership, tierId) => setChanging({ membership, tierId })} />
            </div>
          </li>
        );
      })}
    </ul>
    <ChangeTierDialog membership={changing?.membership ?? null} initialTierId={changing?.tierId ?? null} onClose={() => setChanging(null)} />
    </>
  );
}

interface TierActionProps {
  tier: PublicTierOutput;
  /** The viewer's membership of this creator that still counts, whichever tier. */
  member: MyMembershipOutput | null;
  onJoin(choice: JoinChoice): void;
  onChange(membership: MyMembershipOutput, tierId: string | null): void;
}

function TierAction({ tier, member, onJoin, onChange }: TierActionProps) {
  const { t } = useLingui();
  const mine = member?.tierId === tier.id ? member : null;
  const renewing = member?.status === 'active' && !member.cancelAtPeriodEnd;
  if (mine?.status === 'past_due') {
    return (
      <div className="space-y-2">
        <p className="text-sm text-amber-900">
          {mine.graceEndsAt ? (
            <Trans>Your last payment did not go through: pay by {formatDay(mine.graceEndsAt)} to keep your membership.</Trans>
          ) : (
            <Trans>Your last payment did not go through.</Trans>
          )}
        </p>
        <Button size="sm" onClick={() => onJoin(renewalChoice(mine))} aria-label={t`Pay now: ${tier.name}`}>
          <Trans>Pay now</Trans>
        </Button>
      </div>
    );
  }
  if (mine) {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800" data-testid="tier-member">
            <BadgeCheck className="size-4" aria-hidden /> <Trans>You're a member</Trans>
          </span>
          <Link href={appPagePaths.myMemberships} className="text-sm font-medium text-brand-700 hover:underline">
            <Trans>My memberships</Trans>
          </Link>
        </div>
        {mine.scheduledTierName && mine.currentPeriodEnd && (
          <p className="text-xs text-slate-600">
            <Trans>
              Changes to {mine.scheduledTierName} on {formatDay(mine.currentPeriodEnd)}
            </Trans>
          </p>
        )}
        {renewing && (
          <Button size="sm" variant="secondary" onClick={() => onChange(mine, null)} aria-label={t`Change tier: ${tier.name}`}>
            <Trans>Change tier</Trans>
          </Button>
        )}
      </div>
    );
  }
  if (member) {
    // A member of another of the creator's tiers changes tier rather than joining a second time.
    if (!renewing) {
      return (
        <p className="text-sm text-slate-600">
          <Trans>
            You are a member on {member.tierName}.{' '}
            <Link href={appPagePaths.myMemberships} className="font-medium text-brand-700 hover:underline">
              My memberships
            </Link>
          </Trans>
        </p>
      );
    }
    return (
      <Button size="sm" variant="secondary" onClick={() => onChange(member, tier.id)} aria-label={t`Change to this tier: ${tier.name}`}>
        <Trans>Change to this tier</Trans>
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => onJoin(joinChoice(tier))} aria-label={t`Become a member: ${tier.name}`}>
      <Trans>Become a member</Trans>
    </Button>
  );
}
