import { creatorProcedure, router } from '@server/trpc/init';
import {
  earningsPaymentsInput,
  earningsPaymentsOutput,
  earningsSummaryInput,
  earningsSummaryOutput,
  tipMessageVisibilityInput,
  tipMessageVisibilityOutput,
} from './earnings.schemas';
import { earningsPayments, earningsSummary, setTipMessageHidden } from './earnings.service';

export const earningsRouter = router({
  /** The signed-in creator's earnings (admin: any creator's, or the platform's totals). */
  summary: creatorProcedure.meta({ scope: 'earnings:read' })
    .input(earningsSummaryInput)
    .output(earningsSummaryOutput)
    .query(({ ctx, input }) => earningsSummary(ctx.services.db, ctx.actor, input ?? {})),

  /** Who paid: the caller's own payments behind the totals (tips, paywall, memberships), newest first, paged. */
  payments: creatorProcedure.meta({ scope: 'earnings:read' })
    .input(earningsPaymentsInput)
    .output(earningsPaymentsOutput)
    .query(({ ctx, input }) => earningsPayments(ctx.services.db, ctx.actor, input ?? {})),

  /** Hide a tip's message from everything public (the creator still sees it, marked hidden). Own tips only. */
  hideTipMessage: creatorProcedure.meta({ scope: 'session', errors: ['NOT_FOUND'] })
    .input(tipMessageVisibilityInput)
    .output(tipMessageVisibilityOutput)
    .mutation(({ ctx, input }) => setTipMessageHidden(ctx.services.db, ctx.actor, input.tipId, true)),

  /** Show a hidden tip message again. */
  unhideTipMessage: creatorProcedure.meta({ scope: 'session', errors: ['NOT_FOUND'] })
    .input(tipMessageVisibilityInput)
    .output(tipMessageVisibilityOutput)
    .mutation(({ ctx, input }) => setTipMessageHidden(ctx.services.db, ctx.actor, input.tipId, false)),
});
