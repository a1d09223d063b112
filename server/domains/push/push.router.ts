import { z } from 'zod';
import { creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import {
  historyInput,
  notificationHistoryItem,
  overviewAnswer,
  publicKeyAnswer,
  sendAnswer,
  sendInput,
  subscribeAnswer,
  subscribeInput,
  unsubscribeInput,
} from './push.schemas';
import * as pushService from './push.service';

/** Web push: fans subscribe without an account; creators (with an active subscription) and admins send. */
export const pushRouter = router({
  /** The VAPID key browsers subscribe with (`applicationServerKey`). */
  publicKey: publicProcedure.meta({ scope: 'public' }).output(publicKeyAnswer).query(({ ctx }) => ({ publicKey: ctx.services.push.sender.publicKey })),

  subscribe: publicProcedure
    .meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] })
    .input(subscribeInput)
    .output(subscribeAnswer)
    .mutation(({ ctx, input }) =>
      // A browser subscribed with a session (not an API token) is the viewer's: members-only notifications reach it.
      pushService.subscribe(ctx.services, input, ctx.clientIp, ctx.actor && !ctx.actor.apiToken ? ctx.actor.id : null),
    ),

  unsubscribe: publicProcedure
    .meta({ scope: 'public' })
    .input(unsubscribeInput)
    .output(subscribeAnswer)
    .mutation(({ ctx, input }) => pushService.unsubscribe(ctx.services.db, input.endpoint)),

  /**
   * Queues the notification for every subscriber of its audience (all, or signed-in current members) and answers its
   * id at once; delivery runs in the background.
   */
  send: creatorProcedure
    .meta({ scope: 'push:send' })
    .input(sendInput)
    .output(sendAnswer)
    .mutation(({ ctx, input }) => pushService.sendNotification(ctx.services, ctx.actor, input)),

  /** Past notifications, newest first, with their delivery counts (they move while a notification is sending). */
  history: creatorProcedure
    .meta({ scope: 'push:send' })
    .input(historyInput)
    .output(z.array(notificationHistoryItem))
    .query(({ ctx, input }) => pushService.notificationHistory(ctx.services.db, ctx.actor, input?.creatorId)),

  overview: creatorProcedure
    .meta({ scope: 'push:send' })
    .input(historyInput)
    .output(overviewAnswer)
    .query(({ ctx, input }) => pushService.composeOverview(ctx.services, ctx.actor, input?.creatorId)),
});
