import { Lock } from 'lucide-react';
import { Trans } from '@lingui/react/macro';

/** Marks a podcast that only members of a tier get (private feeds; no public feed, page or listing). */
export function MembersOnlyBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700" data-testid="members-only-badge">
      <Lock className="size-3" aria-hidden />
      <Trans>Members only</Trans>
    </span>
  );
}
