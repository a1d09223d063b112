import { z } from 'zod';
import { creatorProcedure, router } from '@server/trpc/init';
import { apiTokenSummary, createApiTokenInput, createdApiToken, revokeApiTokenInput } from './api-tokens.schemas';
import * as apiTokensService from './api-tokens.service';

/** Creators and admins manage their personal API tokens; an API token can never manage tokens. */
const tokenOwnerProcedure = creatorProcedure.meta({ scope: 'session' });

export const apiTokensRouter = router({
  create: tokenOwnerProcedure
    .input(createApiTokenInput)
    .output(createdApiToken)
    .mutation(({ ctx, input }) => apiTokensService.createApiToken(ctx.services.db, ctx.actor, input)),

  list: tokenOwnerProcedure.output(z.array(apiTokenSummary)).query(({ ctx }) => apiTokensService.listApiTokens(ctx.services.db, ctx.actor)),

  revoke: tokenOwnerProcedure
    .input(revokeApiTokenInput)
    .output(apiTokenSummary)
    .mutation(({ ctx, input }) => apiTokensService.revokeApiToken(ctx.services.db, ctx.actor, input.id)),
});
