import type { RestModule } from '@server/rest/kit';

/** GET /api/search (demo-apps.md §7) and the navigation searches behind the global and shortcut search. */
export const searchRest: RestModule = (app, { caller }) => {
  app.get('/api/search', async (request) => (await caller(request)).demo.search.items());
  app.get<{ Querystring: { query?: string } }>('/api/search/suggestions', async (request) =>
    (await caller(request)).demo.search.suggestions({ query: request.query.query }),
  );
  app.get<{ Querystring: { query?: string } }>('/api/search/shortcuts', async (request) =>
    (await caller(request)).demo.search.shortcuts({ query: request.query.query }),
  );
};
