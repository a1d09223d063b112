import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { buttonClasses } from '@web/components/button';
import { useSession } from '@web/lib/session-store';

/** Where a creator goes after a payment or reactivation: the calendar, or their subscriptions. */
export function CheckoutDoneLinks() {
  const userId = useSession((state) => state.user?.id);
  return (
    <div className="flex flex-col justify-center gap-2 sm:flex-row">
      <Link href="/apps/calendar" className={buttonClasses('primary')}>
        <Trans>Go to the calendar</Trans>
      </Link>
      {userId && (
        <Link href={`/profile/${userId}/subscriptions`} className={buttonClasses('secondary')}>
          <Trans>My subscriptions</Trans>
        </Link>
      )}
    </div>
  );
}
