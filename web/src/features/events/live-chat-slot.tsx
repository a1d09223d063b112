import { MessageSquare } from 'lucide-react';
import type { EventOutput } from '@server/domains/events/events.schemas';

/**
 * The place of the live chat on the event page. The chat feature renders `<LiveChat …/>` from
 * `web/src/components/live-chat/` here, e.g. `eventId={event.id} isActive={event.isActive} subdomain={event.user.userName}`
 * with `token={useViewer((state) => state.token) ?? undefined}` (the viewer store signs in within the same tab, where no
 * storage event fires), and only when `hasAccess` for a premium event. Until then the box says honestly that there is
 * no chat.
 */
export function LiveChatSlot({ event, hasAccess }: { event: EventOutput; hasAccess: boolean }) {
  return (
    <aside
      aria-label="Live chat"
      data-testid="live-chat-slot"
      data-event-id={event.id}
      data-has-access={hasAccess}
      className="flex min-h-64 flex-col rounded-xl border border-slate-200 bg-white lg:sticky lg:top-6 lg:h-[calc(100vh-3rem)]"
    >
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">Live chat</h2>
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-500">
        <MessageSquare className="size-8 text-slate-300" aria-hidden />
        The live chat is not enabled on this server yet.
      </div>
    </aside>
  );
}
