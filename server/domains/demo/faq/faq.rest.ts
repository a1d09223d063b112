import type { RestModule } from '@server/rest/kit';

/** GET /api/faq (demo-apps.md §7). */
export const faqRest: RestModule = (app, { caller }) => {
  app.get('/api/faq', async (request) => (await caller(request)).demo.faq.list());
};
