import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { faqEntry } from './faq.schemas';
import { listFaqs } from './faq.service';

export const faqRouter = router({
  list: demoProcedure.output(z.array(faqEntry)).query(({ ctx }) => listFaqs(ctx.services.db)),
});
