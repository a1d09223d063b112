import { z } from 'zod';
import { adminProcedure, checkoutProcedure, creatorProcedure, router } from '@server/trpc/init';
import {
  checkoutSummaryOutput,
  createProductPaymentInput,
  createSubscriptionInput,
  customerOutput,
  getCustomerInput,
  invoiceOutput,
  itemIdInput,
  reactivationOutput,
  setupIntentOutput,
  startAnswer,
  subscriptionIdInput,
  subscriptionInfo,
  updatePaymentMethodInput,
} from './subscriptions.schemas';
import { checkoutSummary, getCustomer, startCheckout, startPaidSubscription } from './checkout';
import { reactivationSummary, runRenewals, startReactivation } from './renewals';
import { createSetupIntent, setCancelAtPeriodEnd, updatePaymentMethod } from './subscription-changes';
import { hasNotificationCreationPermission, listInvoices, listSubscriptions } from './subscriptions.service';

export const subscriptionsRouter = router({
  /** The order summary of /checkout/{productId}/payment. */
  checkoutSummary: checkoutProcedure.meta({ scope: 'session' })
    .input(z.strictObject({ productId: z.string().trim().min(1).max(64) }))
    .output(checkoutSummaryOutput)
    .query(({ ctx, input }) => checkoutSummary(ctx.services.db, ctx.actor, input.productId)),

  /** `create-one-time-payment`: starts the subscription; the card form pays its first invoice. */
  createProductPayment: checkoutProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createProductPaymentInput)
    .output(startAnswer)
    .mutation(({ ctx, input }) => startCheckout(ctx.services, ctx.actor, ctx.clientIp, input)),

  /** `create-subscription` with a payment method made in the browser: charged at once. */
  createSubscription: checkoutProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createSubscriptionInput)
    .output(startAnswer)
    .mutation(({ ctx, input }) => startPaidSubscription(ctx.services, ctx.actor, ctx.clientIp, input)),

  getCustomer: checkoutProcedure.meta({ scope: 'session', errors: ['FORBIDDEN', 'BAD_GATEWAY'] })
    .input(getCustomerInput)
    .output(customerOutput)
    .mutation(({ ctx, input }) => getCustomer(ctx.services, ctx.actor, input.email)),

  mine: checkoutProcedure.meta({ scope: 'session' }).output(z.array(subscriptionInfo)).query(({ ctx }) => listSubscriptions(ctx.services.db, ctx.actor.id)),

  /** Cancels at the end of the paid period (still active until `currentPeriodEnd`); only the subscriber. */
  cancel: checkoutProcedure.meta({ scope: 'session' })
    .input(subscriptionIdInput)
    .output(subscriptionInfo)
    .mutation(({ ctx, input }) => setCancelAtPeriodEnd(ctx.services, ctx.actor, input.id, true)),

  /** Undoes `cancel` before the period ends: the subscription renews again. */
  resume: checkoutProcedure.meta({ scope: 'session' })
    .input(subscriptionIdInput)
    .output(subscriptionInfo)
    .mutation(({ ctx, input }) => setCancelAtPeriodEnd(ctx.services, ctx.actor, input.id, false)),

  /** Renewals charge this card from now on. */
  updatePaymentMethod: checkoutProcedure.meta({ scope: 'session' })
    .input(updatePaymentMethodInput)
    .output(subscriptionInfo)
    .mutation(({ ctx, input }) => updatePaymentMethod(ctx.services, ctx.actor, input.id, input.paymentMethodId)),

  /** A SetupIntent's client secret for Stripe Elements (`confirmCardSetup`), then `updatePaymentMethod`. */
  createSetupIntent: checkoutProcedure.meta({ scope: 'session' })
    .input(subscriptionIdInput)
    .output(setupIntentOutput)
    .mutation(({ ctx, input }) => createSetupIntent(ctx.services, ctx.actor, ctx.clientIp, input.id)),

  invoices: checkoutProcedure.meta({ scope: 'session' }).output(z.array(invoiceOutput)).query(({ ctx }) => listInvoices(ctx.services.db, ctx.actor.id)),

  reactivation: checkoutProcedure.meta({ scope: 'session' })
    .input(itemIdInput)
    .output(reactivationOutput)
    .query(({ ctx, input }) => reactivationSummary(ctx.services.db, ctx.actor, input.itemId)),

  startReactivation: checkoutProcedure.meta({ scope: 'session', errors: ['CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(itemIdInput)
    .output(startAnswer)
    .mutation(({ ctx, input }) => startReactivation(ctx.services, ctx.actor, ctx.clientIp, input.itemId)),

  hasNotificationCreationPermission: creatorProcedure.meta({ scope: 'session' })
    .output(z.boolean())
    .query(({ ctx }) => hasNotificationCreationPermission(ctx.services.db, ctx.actor)),

  /** Runs the local provider's billing clock now (it also runs every minute by itself). */
  runRenewals: adminProcedure.output(z.object({ renewed: z.number().int() })).mutation(async ({ ctx }) => ({ renewed: await runRenewals(ctx.services) })),
});
