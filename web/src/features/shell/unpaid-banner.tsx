import { useState } from 'react';
import { AlertTriangle, X } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '@web/lib/session-store';

/** Shown while the user has an open invoice; only its own close button dismisses it (a click elsewhere does not). */
export function UnpaidBanner() {
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  if (!user || user.hasUnpaidInvoices !== 'true' || dismissedFor === user.id) return null;
  return (
    <div role="status" className="flex items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="unpaid-banner">
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <p className="flex-1">
        <Trans>There are outstanding payments on your subscription(s).</Trans>
      </p>
      <Link href={`/profile/${user.id}/subscriptions`} className="font-semibold text-brand-700 underline hover:text-brand-600">
        <Trans>Manage</Trans>
      </Link>
      <button type="button" onClick={() => setDismissedFor(user.id)} aria-label={t`Dismiss`} className="rounded p-1 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-500">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
