import { Lock } from 'lucide-react';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { Trans } from '@lingui/react/macro';
import { toCents } from '@common/money';
import { formatMoney } from '@web/lib/i18n/format';
import { Button } from '@web/components/button';
import { useViewer } from '@web/lib/viewer-session';

const money = (cents: number) => formatMoney(cents);

/** A membership tier that includes the event: joining it opens the event without paying for it. */
export interface PaywallMembership {
  tierName: string;
  monthlyPriceText: string;
  onJoin(): void;
}

/**
 * In place of the stream of a premium event the viewer may not enter yet (platform.md §4): a guest logs in or registers
 * first, a signed-in viewer pays; when one of the creator's membership tiers includes the event, joining it is offered too.
 */
export function Paywall({ event, onLogin, onRegister, onPay, membership }: { event: EventOutput; onLogin(): void; onRegister(): void; onPay(): void; membership?: PaywallMembership }) {
  const signedIn = useViewer((state) => !!state.token);
  const price = money(toCents(event.premiumPrice));
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white" data-testid="paywall">
      <Lock className="size-10 text-brand-500" aria-hidden />
      <h2 className="text-lg font-semibold">
        <Trans>This is a premium event</Trans>
      </h2>
      <p className="max-w-md text-sm text-slate-300">
        {signedIn ? <Trans>Enter for {price} CAD to watch the stream.</Trans> : <Trans>Log in or register as a viewer, then enter for {price} CAD to watch the stream.</Trans>}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {signedIn ? (
          <Button onClick={onPay}>
            <Trans>Enter for {price}</Trans>
          </Button>
        ) : (
          <>
            <Button onClick={onLogin}>
              <Trans>Log in</Trans>
            </Button>
            <Button variant="secondary" onClick={onRegister}>
              <Trans>Register</Trans>
            </Button>
          </>
        )}
      </div>
      {membership && (
        <div className="flex max-w-md flex-col items-center gap-2 border-t border-slate-700 pt-3">
          <p className="text-sm text-slate-300">
            <Trans>
              Or become a member ({membership.tierName}, {membership.monthlyPriceText}): this event is included.
            </Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={membership.onJoin}>
            <Trans>Become a member</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
