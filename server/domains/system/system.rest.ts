import type { RestModule } from '@server/rest/kit';

export const systemRest: RestModule = (app, { caller }) => {
  app.get('/api/config/public', async (request) => (await caller(request)).system.publicConfig());
};
