import type { RestModule } from '@server/rest/kit';

/** GET /api/knowledge-base (demo-apps.md §7). */
export const knowledgebaseRest: RestModule = (app, { caller }) => {
  app.get('/api/knowledge-base', async (request) => (await caller(request)).demo.knowledgebase.categories());
};
