import { router } from '@server/trpc/init';
import { shellProcedure } from '../demo.procedure';
import { quickPanelData } from './quickpanel.schemas';
import { getQuickPanelData } from './quickpanel.service';

export const quickpanelRouter = router({
  data: shellProcedure.output(quickPanelData).query(({ ctx }) => getQuickPanelData(ctx.services.db)),
});
