import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@web/components/spinner';
import { LiveChat, useChatToken } from '@web/features/live-chat/public';
import { useChatPageRoom } from './use-chat-room-page';

/** /embed/{subdomain}/{eventId}/chat: the chat for a creator's own site; read-only unless the viewer is signed in. */
export default function EmbedChatPage() {
  const { t } = useLingui();
  const { subdomain, room, displayName, photoURL } = useChatPageRoom();
  const token = useChatToken();

  if (room.isPending) return <Spinner label={t`Loading chat`} className="h-dvh" />;
  if (room.isError) {
    return (
      <p role="alert" className="flex h-dvh items-center justify-center p-4 text-center text-sm text-slate-600">
        {room.error.message}
      </p>
    );
  }
  return (
    <LiveChat
      eventId={room.data.eventId}
      isActive={room.data.isActive}
      subdomain={subdomain}
      token={token}
      readOnly={!token}
      displayName={displayName}
      photoURL={photoURL}
      host={{ displayName: room.data.creatorDisplayName, tag: room.data.subdomain }}
      title={room.data.name}
      className="h-dvh rounded-none border-0"
    />
  );
}
