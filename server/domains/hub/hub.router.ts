import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '@server/trpc/init';
import { hubMessagesInput, sendHubInput } from './hub.schemas';
import * as hubService from './hub.service';

export const hubRouter = router({
  /** A creator's group (`{creatorId}` or `{creatorId}-{eventId}`), live; receiving is public, except a premium event's group. */
  messages: publicProcedure.meta({ scope: 'public' })
    .input(hubMessagesInput)
    .subscription(({ ctx, input, signal }) => hubService.streamHub(ctx.services, ctx.actor, input.groupId, signal)),

  /** Sending needs a token. */
  send: authedProcedure.meta({ scope: 'chat:write' })
    .input(sendHubInput)
    .output(
      z.object({
        delivered: z
          .number()
          .int()
          .min(0)
          .describe('Listeners of the group connected to the instance that answered; with several instances (REDIS_URL) the message reaches the others too, uncounted'),
      }),
    )
    .mutation(({ ctx, input }) => hubService.sendHubMessage(ctx.services, ctx.actor, input)),
});
