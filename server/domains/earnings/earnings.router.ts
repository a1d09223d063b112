import { creatorProcedure, router } from '@server/trpc/init';
import { earningsSummaryInput, earningsSummaryOutput } from './earnings.schemas';
import { earningsSummary } from './earnings.service';

export const earningsRouter = router({
  /** The signed-in creator's earnings (admin: any creator's, or the platform's totals). */
  summary: creatorProcedure.meta({ scope: 'earnings:read' })
    .input(earningsSummaryInput)
    .output(earningsSummaryOutput)
    .query(({ ctx, input }) => earningsSummary(ctx.services.db, ctx.actor, input ?? {})),
});
