import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toastError } from '@web/lib/lazy-toast';
import { useSession } from '@web/lib/session-store';
import { exitEmulation, trpc } from '@web/lib/trpc';

/**
 * "Viewing as {name} · Exit" on every page while an admin emulates someone. It sits above every layer
 * (z-index over dialogs, its own pointer events, and `aria-live` so a modal dialog does not hide it from
 * assistive technology), so Exit stays reachable even under the terms dialog.
 */
export function EmulationBanner() {
  const { t } = useLingui();
  const originalToken = useSession((state) => state.originalToken);
  const user = useSession((state) => state.user);
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  if (!originalToken || !user) return null;
  const displayName = user.displayName;

  async function onExit() {
    try {
      await exitEmulation();
      await utils.invalidate();
      navigate('/apps/users');
    } catch {
      toastError(t`Exit emulate failed`);
    }
  }

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="emulation-banner"
      className="pointer-events-auto fixed bottom-4 start-1/2 z-[100] flex max-w-[calc(100vw-1.5rem)] -translate-x-1/2 rtl:translate-x-1/2 items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      <span className="truncate">
        <Trans>Viewing as {displayName}</Trans>
      </span>
      <span aria-hidden>·</span>
      <button type="button" onClick={() => void onExit()} className="pointer-events-auto font-semibold text-brand-300 underline hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-brand-300">
        <Trans>Exit</Trans>
      </button>
    </div>
  );
}
