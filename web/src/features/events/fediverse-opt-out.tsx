import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { trpc } from '@web/lib/trpc';

/**
 * Whether the signed-in creator posts to the Fediverse: their settings answer with `publish: true`. A server that
 * does not federate answers NOT_FOUND, an account without a creator page is refused: both mean no.
 */
export function useFediversePublish(enabled = true): boolean {
  const settings = trpc.federation.settings.useQuery(undefined, { enabled, retry: false, staleTime: 60_000 });
  return settings.data?.publish === true;
}

/** "Post to the Fediverse" for one event or episode; nothing when the creator does not post there. */
export function FediverseOptOut({ checked, onCheckedChange, enabled = true }: { checked: boolean; onCheckedChange(checked: boolean): void; enabled?: boolean }) {
  const id = useId();
  if (!useFediversePublish(enabled)) return null;
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-800">
          <Trans>Post to the Fediverse</Trans>
        </span>
        <span className="block text-xs text-slate-500">
          <Trans>Your followers on Mastodon and other Fediverse servers see it in their timeline.</Trans>
        </span>
      </label>
    </div>
  );
}
