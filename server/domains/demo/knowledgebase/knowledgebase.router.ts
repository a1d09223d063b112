import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { knowledgeBaseCategory } from './knowledgebase.schemas';
import { listKnowledgeBase } from './knowledgebase.service';

export const knowledgebaseRouter = router({
  categories: demoProcedure.output(z.array(knowledgeBaseCategory)).query(({ ctx }) => listKnowledgeBase(ctx.services.db)),
});
