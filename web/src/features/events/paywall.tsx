import { Lock } from 'lucide-react';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { formatDollars, toCents } from '@common/money';
import { Button } from '@web/components/button';
import { useViewer } from '@web/lib/viewer-session';

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
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white" data-testid="paywall">
      <Lock className="size-10 text-brand-500" aria-hidden />
      <h2 className="text-lg font-semibold">This is a premium event</h2>
      <p className="max-w-md text-sm text-slate-300">
        {signedIn
          ? `Enter for ${formatDollars(toCents(event.premiumPrice))} CAD to watch the stream.`
          : `Log in or register as a viewer, then enter for ${formatDollars(toCents(event.premiumPrice))} CAD to watch the stream.`}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {signedIn ? (
          <Button onClick={onPay}>Enter for {formatDollars(toCents(event.premiumPrice))}</Button>
        ) : (
          <>
            <Button onClick={onLogin}>Log in</Button>
            <Button variant="secondary" onClick={onRegister}>
              Register
            </Button>
          </>
        )}
      </div>
      {membership && (
        <div className="flex max-w-md flex-col items-center gap-2 border-t border-slate-700 pt-3">
          <p className="text-sm text-slate-300">
            Or become a member ({membership.tierName}, {membership.monthlyPriceText}): this event is included.
          </p>
          <Button variant="secondary" size="sm" onClick={membership.onJoin}>
            Become a member
          </Button>
        </div>
      )}
    </div>
  );
}
