import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { fileEntry } from './files.schemas';
import { listFiles } from './files.service';

export const filesRouter = router({
  list: demoProcedure.output(z.array(fileEntry)).query(({ ctx }) => listFiles(ctx.services.db)),
});
