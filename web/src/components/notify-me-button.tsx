import { Bell, BellRing } from 'lucide-react';
import { useNotifyMe } from '@web/lib/notify-me';
import { Button } from './button';
import { cx } from './cx';

/**
 * "Notify me" for a creator's fans (no account needed): appears once the creator app's service worker is
 * registered, asks for permission only when clicked, and the same button turns notifications off.
 */
export function NotifyMeButton({ creatorTag, creatorId, className }: { creatorTag: string | null | undefined; creatorId: string | null | undefined; className?: string }) {
  const notify = useNotifyMe(creatorTag, creatorId);
  if (!notify.visible) return null;
  const on = notify.state === 'on';
  return (
    <div className={cx('flex flex-col items-start gap-1', className)}>
      <Button
        variant={on ? 'secondary' : 'primary'}
        size="sm"
        aria-pressed={on}
        busy={notify.state === 'busy'}
        disabled={notify.state === 'blocked'}
        onClick={() => void notify.toggle()}
      >
        {on ? <BellRing className="size-4" aria-hidden /> : <Bell className="size-4" aria-hidden />}
        {notify.label}
      </Button>
      {notify.message && (
        <p role="status" className="text-xs text-slate-600">
          {notify.message}
        </p>
      )}
    </div>
  );
}
