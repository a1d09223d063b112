import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { iconEntry } from './icons.schemas';
import { listIcons } from './icons.service';

export const iconsRouter = router({
  list: demoProcedure.output(z.array(iconEntry)).query(({ ctx }) => listIcons(ctx.services.db)),
});
