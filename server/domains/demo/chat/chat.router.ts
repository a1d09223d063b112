import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { chatContact, chatUser, getChatAnswer, getChatInput, sendMessageAnswer, sendMessageInput, updateChatUserInput } from './chat.schemas';
import * as chat from './chat.service';

export const chatRouter = router({
  contacts: demoProcedure.output(z.array(chatContact)).query(({ ctx }) => chat.listContacts(ctx.services.db)),
  user: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(chatUser).query(({ ctx }) => chat.getUser(ctx.services.db)),
  getChat: demoProcedure
    .input(getChatInput)
    .output(getChatAnswer)
    .query(({ ctx, input }) => chat.getChat(ctx.services.db, input)),
  updateUser: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(updateChatUserInput)
    .output(chatUser)
    .mutation(({ ctx, input }) => chat.updateUser(ctx.services.db, input)),
  sendMessage: demoProcedure
    .input(sendMessageInput)
    .output(sendMessageAnswer)
    .mutation(({ ctx, input }) => chat.sendMessage(ctx.services.db, input)),
});
