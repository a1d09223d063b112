import type { RestModule } from '@server/rest/kit';

/** The documented /api/tips/... paths; each one calls the tips procedures. */
export const tipsRest: RestModule = (app, { caller }) => {
  app.get<{ Params: { userId: string } }>('/api/tips/get-tips-public/:userId', async (request) =>
    (await caller(request)).tips.publicList({ userId: request.params.userId }),
  );
};
