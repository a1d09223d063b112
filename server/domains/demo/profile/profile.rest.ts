import type { RestModule } from '@server/rest/kit';

/** /api/profile/... (demo-apps.md §7). */
export const profileRest: RestModule = (app, { caller }) => {
  app.get('/api/profile/timeline', async (request) => (await caller(request)).demo.profile.timeline());
  app.get('/api/profile/photos-videos', async (request) => (await caller(request)).demo.profile.photosVideos());
  app.get('/api/profile/about', async (request) => (await caller(request)).demo.profile.about());
};
