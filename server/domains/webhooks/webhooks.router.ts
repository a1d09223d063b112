import { z } from 'zod';
import { creatorProcedure, router } from '@server/trpc/init';
import {
  createWebhookInput,
  deliveriesInput,
  redeliverInput,
  updateWebhookInput,
  webhookDeliveryOutput,
  webhookIdInput,
  webhookOutput,
} from './webhooks.schemas';
import * as webhooksService from './webhooks.service';

/** A creator's (or admin's) own webhooks. */
const webhookOwnerProcedure = creatorProcedure.meta({ scope: 'webhooks:manage' });

export const webhooksRouter = router({
  create: webhookOwnerProcedure
    .input(createWebhookInput)
    .output(webhookOutput)
    .mutation(({ ctx, input }) => webhooksService.createWebhook(ctx.services.db, ctx.services.webhooks.targetRules, ctx.actor.id, input)),

  list: webhookOwnerProcedure.output(z.array(webhookOutput)).query(({ ctx }) => webhooksService.listWebhooks(ctx.services.db, ctx.actor.id)),

  update: webhookOwnerProcedure
    .input(updateWebhookInput)
    .output(webhookOutput)
    .mutation(({ ctx, input }) => webhooksService.updateWebhook(ctx.services.db, ctx.services.webhooks.targetRules, ctx.actor.id, input)),

  delete: webhookOwnerProcedure
    .input(webhookIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => webhooksService.deleteWebhook(ctx.services.db, ctx.actor.id, input.id)),

  deliveries: webhookOwnerProcedure
    .input(deliveriesInput)
    .output(z.array(webhookDeliveryOutput))
    .query(({ ctx, input }) => webhooksService.listDeliveries(ctx.services.db, ctx.actor.id, input.webhookId, input.limit)),

  redeliver: webhookOwnerProcedure
    .input(redeliverInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => webhooksService.redeliver(ctx.services, ctx.actor.id, input.deliveryId)),
});
