import { z } from 'zod';
import { publicProcedure, roleProcedure, router } from '@server/trpc/init';
import {
  banChatUserInput,
  banRemoteChatActorInput,
  bannedChatUser,
  bannedChatUsersInput,
  chatMessage,
  chatMessagesInput,
  chatRoom,
  chatRoomInput,
  chatSession,
  chatSessionInput,
  deleteChatMessageInput,
  sendChatInput,
  unbanChatUserAnswer,
  unbanChatUserInput,
} from './chat.schemas';
import * as chatService from './chat.service';

/** Viewers and creators chat; staff and demo users do not. */
export const chatterProcedure = roleProcedure('viewer', 'dj', 'admin');

export const chatRouter = router({
  /**
   * The room's stream: tracked(id, item), first the last 100 messages (or those after lastEventId), then live.
   * Over the /trpc websocket an open room's stream is served by the shared fan-out (chat.socket.ts) with the same
   * frames. A premium event's room: only its creator, admins and viewers with access (403 "Buy access to join this chat").
   */
  messages: publicProcedure.meta({ scope: 'public' })
    .input(chatMessagesInput)
    .subscription(({ ctx, input, signal }) => chatService.streamChat(ctx.services, ctx.actor, input, signal)),

  send: chatterProcedure.meta({ scope: 'chat:write' })
    .input(sendChatInput)
    .output(chatMessage)
    .mutation(({ ctx, input }) => chatService.sendMessage(ctx.services, ctx.actor, input)),

  deleteMessage: chatterProcedure.meta({ scope: 'chat:write' })
    .input(deleteChatMessageInput)
    .output(z.object({ messageId: z.string() }))
    .mutation(({ ctx, input }) => chatService.deleteMessage(ctx.services, ctx.actor, input)),

  ban: chatterProcedure.meta({ scope: 'chat:write' })
    .input(banChatUserInput)
    .output(z.object({ userId: z.string() }))
    .mutation(({ ctx, input }) => chatService.banUser(ctx.services, ctx.actor, input)),

  /** Bans a Fediverse actor from the room by its actor id (a message's `userId` when `origin` is set); its replies are dropped. */
  banRemote: chatterProcedure.meta({ scope: 'chat:write' })
    .input(banRemoteChatActorInput)
    .output(z.object({ actorId: z.string() }))
    .mutation(({ ctx, input }) => chatService.banRemoteActor(ctx.services, ctx.actor, input)),

  /** Lifts a ban, of a user or a Fediverse actor (`userId`: its actor id), by the event's creator or an admin; `unbanned: false` when there is none. */
  unban: chatterProcedure.meta({ scope: 'chat:write' })
    .input(unbanChatUserInput)
    .output(unbanChatUserAnswer)
    .mutation(({ ctx, input }) => chatService.unbanUser(ctx.services, ctx.actor, input)),

  /** Who is banned from the room, users and Fediverse actors (`origin` set), latest first (the event's creator or an admin). */
  bannedUsers: chatterProcedure.meta({ scope: 'chat:write' })
    .input(bannedChatUsersInput)
    .output(z.array(bannedChatUser))
    .query(({ ctx, input }) => chatService.bannedUsers(ctx.services, ctx.actor, input.eventId)),

  /** The caller's standing in the room (moderator? banned?); the chat sign-in step. */
  session: chatterProcedure.meta({ scope: 'chat:write' })
    .input(chatSessionInput)
    .output(chatSession)
    .query(({ ctx, input }) => chatService.chatSession(ctx.services, ctx.actor, input.eventId)),

  /** The event a chat page shows (by subdomain, latest or by id). */
  room: publicProcedure.meta({ scope: 'public' })
    .input(chatRoomInput)
    .output(chatRoom)
    .query(({ ctx, input }) => chatService.findChatRoom(ctx.services.db, input)),
});
