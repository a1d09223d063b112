import { z } from 'zod';
import type { AppServices } from '@server/trpc/context';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '@server/trpc/init';
import {
  couponOutput,
  createPaywallPaymentInput,
  createPaywallPaymentWithTokenInput,
  createTipsPaymentInput,
  createTipsPaymentWithTokenInput,
  intentAnswer,
  localAuthenticateInput,
  localCardAnswer,
  localConfirmInput,
  localPaymentMethodInput,
  paymentConfigOutput,
  paymentIdInput,
  paymentOutput,
  paymentStatusAnswer,
  paymentStatusInput,
} from './payments.schemas';
import * as paymentsService from './payments.service';
import { handleWebhook } from './payment-sync';

/** Card attempts from one address (the local form is a card-testing target like any other). */
async function limitCardAttempts(ctx: { services: AppServices; clientIp: string }): Promise<void> {
  await ctx.services.rateLimiter.consume(`payment:card:ip:${ctx.clientIp}`, { limit: 60, windowMs: 60_000 });
}

export const paymentsRouter = router({
  /** Which card form and wallets the browser should show. */
  config: publicProcedure.meta({ scope: 'public' }).output(paymentConfigOutput).query(({ ctx }) => paymentsService.paymentConfig(ctx.services)),

  createTipsPayment: authedProcedure.meta({ scope: 'session', errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createTipsPaymentInput)
    .output(intentAnswer)
    .mutation(({ ctx, input }) => paymentsService.createTipPayment(ctx.services, ctx.actor, ctx.clientIp, input)),

  createTipsPaymentWithToken: authedProcedure.meta({ scope: 'session', errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createTipsPaymentWithTokenInput)
    .output(intentAnswer)
    .mutation(({ ctx, input }) => paymentsService.createTipPayment(ctx.services, ctx.actor, ctx.clientIp, input)),

  createPaywallPayment: authedProcedure.meta({ scope: 'session', errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createPaywallPaymentInput)
    .output(intentAnswer)
    .mutation(({ ctx, input }) => paymentsService.createPaywallPayment(ctx.services, ctx.actor, ctx.clientIp, input)),

  createPaywallPaymentWithToken: authedProcedure.meta({ scope: 'session', errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(createPaywallPaymentWithTokenInput)
    .output(intentAnswer)
    .mutation(({ ctx, input }) => paymentsService.createPaywallPayment(ctx.services, ctx.actor, ctx.clientIp, input)),

  /** The page's status report: the server re-fetches the intent and answers what it recorded. */
  // Also for a creator paying their first subscription at checkout: only their own payments are visible.
  reportStatus: sessionProcedure.meta({ scope: 'session', errors: ['NOT_FOUND', 'BAD_GATEWAY'] })
    .input(paymentStatusInput)
    .output(paymentStatusAnswer)
    .mutation(({ ctx, input }) => paymentsService.reportPaymentStatus(ctx.services, ctx.actor, input.stripePaymentIntentId)),

  byId: sessionProcedure.meta({ scope: 'session' })
    .input(paymentIdInput)
    .output(paymentOutput)
    .query(({ ctx, input }) => paymentsService.getPayment(ctx.services.db, ctx.actor, input.id)),

  coupon: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS', 'BAD_GATEWAY'] })
    .input(paymentIdInput)
    .output(couponOutput)
    .query(async ({ ctx, input }) => {
      await ctx.services.rateLimiter.consume(`payment:coupon:ip:${ctx.clientIp}`, { limit: 30, windowMs: 60_000 });
      return paymentsService.getCoupon(ctx.services, input.id);
    }),

  /** The provider's webhook (the REST route hands over the exact raw body). */
  webhook: publicProcedure.meta({ scope: 'public', errors: ['NOT_FOUND', 'BAD_GATEWAY'] })
    .input(z.strictObject({ payload: z.string().max(1024 * 1024), signature: z.string().max(2000).optional() }))
    .output(z.object({ received: z.literal(true), duplicate: z.boolean() }))
    .mutation(({ ctx, input }) => handleWebhook(ctx.services, input.payload, input.signature)),

  // The local provider's card form (Stripe.js' part, for PAYMENT_PROVIDER=local).
  localConfirm: publicProcedure.meta({ scope: 'public', errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'] })
    .input(localConfirmInput)
    .output(localCardAnswer)
    .mutation(async ({ ctx, input }) => {
      await limitCardAttempts(ctx);
      const { clientSecret, ...card } = input;
      return paymentsService.confirmLocalCard(ctx.services, clientSecret, card);
    }),

  localAuthenticate: publicProcedure.meta({ scope: 'public', errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'] })
    .input(localAuthenticateInput)
    .output(localCardAnswer)
    .mutation(async ({ ctx, input }) => {
      await limitCardAttempts(ctx);
      return paymentsService.authenticateLocalCard(ctx.services, input.clientSecret, input.outcome);
    }),

  localPaymentMethod: publicProcedure.meta({ scope: 'public', errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'] })
    .input(localPaymentMethodInput)
    .output(z.object({ id: z.string(), brand: z.string(), last4: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await limitCardAttempts(ctx);
      return paymentsService.createLocalPaymentMethod(ctx.services, input);
    }),
});
