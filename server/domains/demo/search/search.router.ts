import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure, shellProcedure } from '../demo.procedure';
import { navigationMatch, searchItem, searchQueryInput } from './search.schemas';
import * as search from './search.service';

export const searchRouter = router({
  items: demoProcedure.output(z.array(searchItem)).query(({ ctx }) => search.listSearchItems(ctx.services.db)),
  /** The shell's global search: the pages this role may open (no sample apps for creators). */
  suggestions: shellProcedure
    .input(searchQueryInput)
    .output(z.array(navigationMatch))
    .query(({ ctx, input }) => search.suggestions(input.query, ctx.actor.role)),
  shortcuts: shellProcedure
    .input(searchQueryInput)
    .output(z.array(navigationMatch))
    .query(({ ctx, input }) => search.shortcuts(input.query, ctx.actor.role)),
});
