import { Lock } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { eventHubGroup, LiveChat } from '@web/features/live-chat/public';
import { useSession } from '@web/lib/session-store';
import { useViewer } from '@web/lib/viewer-session';

/** From 1024 px the chat is a sticky column; below it, it takes the full viewport height (platform.md §2 "Shell"). */
const slotHeight = 'h-dvh min-h-0 lg:sticky lg:top-6 lg:h-[calc(100vh-3rem)] lg:min-h-64';
const chatBoxClass = `flex flex-col rounded-xl border border-slate-200 bg-white ${slotHeight}`;

/**
 * The event page's live chat. The viewer's token is passed explicitly: the viewer store signs in within this tab,
 * where no storage event fires. A premium event's chat opens with the stream, once the viewer has access.
 */
export function LiveChatSlot({ event, hasAccess }: { event: EventOutput; hasAccess: boolean }) {
  const { t } = useLingui();
  const viewerToken = useViewer((state) => state.token);
  // The creator (or an admin) signed in to the dashboard chats as themselves, with the Host badge and moderation.
  const dashboardUser = useSession((state) => state.user);
  const chatsAsStaff = !viewerToken && !!dashboardUser && (dashboardUser.id === event.userId || dashboardUser.role.includes('admin'));
  if (event.isPremium && !hasAccess) {
    return (
      <aside aria-label={t`Live chat`} data-testid="live-chat-slot" className={chatBoxClass}>
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
          <Trans>Live chat</Trans>
        </h2>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-500">
          <Lock className="size-8 text-slate-300" aria-hidden />
          <Trans>The chat opens with the stream once you have access to this premium event.</Trans>
        </div>
      </aside>
    );
  }
  return (
    <div data-testid="live-chat-slot" className={slotHeight}>
      <LiveChat
        eventId={event.id}
        isActive={event.isActive}
        subdomain={event.user.userName}
        token={viewerToken ?? undefined}
        displayName={chatsAsStaff ? dashboardUser.displayName : undefined}
        photoURL={chatsAsStaff ? dashboardUser.imageUrl : undefined}
        host={{ displayName: event.user.displayName, tag: event.user.userName }}
        hubGroup={eventHubGroup(event)}
        className="h-full"
      />
    </div>
  );
}
