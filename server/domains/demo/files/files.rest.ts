import type { RestModule } from '@server/rest/kit';

/** GET /api/file-manager-app/files (demo-apps.md §7). */
export const filesRest: RestModule = (app, { caller }) => {
  app.get('/api/file-manager-app/files', async (request) => (await caller(request)).demo.files.list());
};
