import { useState } from 'react';
import { BadgeCheck, Check } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyMembershipOutput, PublicTierOutput } from '@server/domains/memberships/memberships.schemas';
import { appPagePaths } from '@common/page-paths';
import { toDollars } from '@common/money';
import { Button, buttonClasses } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { CardPaymentForm, ReadOnlyField } from '@web/features/payment/public';
import { viewerTrpc } from '@web/lib/trpc';
import { formatNumber } from '@web/lib/i18n/format';
import { useViewer } from '@web/lib/viewer-session';
import { formatPrice, tierPerks } from './membership-text';
import { useRefreshMembershipAccess } from './use-my-memberships';

/** The tier a viewer chose, and what they pay now: the tier's price, or their own price when paying a failed renewal. */
export interface JoinChoice {
  tierId: string;
  tierName: string;
  description: string;
  perks: string[];
  amountCents: number;
  /** Paying the renewal of a past-due membership (the server charges its open invoice). */
  renewal: boolean;
}

/** Joining a tier at its current price. */
export function joinChoice(tier: PublicTierOutput): JoinChoice {
  return { tierId: tier.id, tierName: tier.name, description: tier.description, perks: tierPerks(tier), amountCents: tier.priceCents, renewal: false };
}

/** Paying a past-due membership's failed renewal, at the member's own price. */
export function renewalChoice(membership: Pick<MyMembershipOutput, 'tierId' | 'tierName' | 'priceCents'>): JoinChoice {
  return { tierId: membership.tierId, tierName: membership.tierName, description: '', perks: [], amountCents: membership.priceCents, renewal: true };
}

export interface BecomeMemberDialogProps {
  /** The dialog is open while a choice is given. */
  choice: JoinChoice | null;
  creatorName: string;
  onClose(): void;
  /** Once the first charge went through and the membership is open. */
  onJoined?(choice: JoinChoice): void;
}

/**
 * "Become a member": the tier, its monthly price and perks, then the card form the paywall uses (local provider, or
 * Stripe Elements when configured). `memberships.join` is called with the price the dialog shows; the server charges
 * the tier's own price and refuses a different one.
 */
export function BecomeMemberDialog({ choice, creatorName, onClose, onJoined }: BecomeMemberDialogProps) {
  const { t } = useLingui();
  const [joinedTierId, setJoinedTierId] = useState<string | null>(null);
  const close = () => {
    setJoinedTierId(null);
    onClose();
  };
  const joined = !!choice && joinedTierId === choice.tierId;
  return (
    <Modal
      size="sm"
      open={choice !== null}
      onOpenChange={(open) => !open && close()}
      title={joined ? t`You're a member` : choice?.renewal ? t`Pay your membership` : t`Become a member`}
      description={choice ? `${choice.tierName} · ${creatorName}` : undefined}
    >
      {choice &&
        (joined ? (
          <Joined choice={choice} creatorName={creatorName} onDone={close} />
        ) : (
          <JoinForm
            key={`${choice.tierId}:${choice.amountCents}`}
            choice={choice}
            creatorName={creatorName}
            onJoined={() => {
              setJoinedTierId(choice.tierId);
              onJoined?.(choice);
            }}
          />
        ))}
    </Modal>
  );
}

function JoinForm({ choice, creatorName, onJoined }: { choice: JoinChoice; creatorName: string; onJoined(): void }) {
  const { t } = useLingui();
  const signedIn = useViewer((state) => !!state.token);
  const refresh = useRefreshMembershipAccess();
  const { tierId, tierName, description, perks, amountCents, renewal } = choice;
  const price = formatPrice(amountCents);
  return (
    <div className="space-y-4">
      <ReadOnlyField label={t`Tier`} value={tierName} />
      <ReadOnlyField label={t`Monthly price (CAD)`} value={formatNumber(amountCents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })} />
      {description && <p className="text-sm whitespace-pre-line text-slate-700">{description}</p>}
      {perks.length > 0 && (
        <ul aria-label={t`Member perks`} className="space-y-1 text-sm text-slate-700">
          {perks.map((perk) => (
            <li key={perk} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
              {perk}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600">
        {renewal ? (
          <Trans>This pays the renewal that did not go through ({price}); your membership then renews monthly again.</Trans>
        ) : (
          <Trans>
            You pay {price} now, then every month until you cancel. You keep this price if {creatorName} changes the tier's price later. Cancel any time: your
            membership runs to the end of the month you paid for.
          </Trans>
        )}
      </p>
      {signedIn ? (
        <CardPaymentForm
          amountCents={amountCents}
          submitLabel={renewal ? t`Pay ${price}` : t`Join for ${price} / month`}
          walletLabel={t`${tierName} membership`}
          createIntent={() => viewerTrpc.memberships.join.mutate({ tierId, amount: toDollars(amountCents) })}
          reportStatus={(input) => viewerTrpc.payments.reportStatus.mutate(input)}
          onSucceeded={async () => {
            await refresh();
            onJoined();
          }}
        />
      ) : (
        <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <Trans>Log in or register as a viewer (Login or Register at the top of the page) to become a member.</Trans>
        </p>
      )}
    </div>
  );
}

function Joined({ choice, creatorName, onDone }: { choice: JoinChoice; creatorName: string; onDone(): void }) {
  return (
    <div className="space-y-4 text-center" data-testid="membership-joined">
      <BadgeCheck className="mx-auto size-12 text-emerald-700" aria-hidden />
      <p role="status" className="text-sm text-slate-700">
        <Trans>
          Welcome to {choice.tierName}! Thank you for supporting {creatorName}. Your perks are open now; your private feeds, next charge and cancellation
          are in My memberships.
        </Trans>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
        <Link href={appPagePaths.myMemberships} className={buttonClasses('secondary')}>
          <Trans>My memberships</Trans>
        </Link>
      </div>
    </div>
  );
}
