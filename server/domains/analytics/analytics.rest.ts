import type { RestModule } from '@server/rest/kit';
import type { DownloadsInput } from './analytics.schemas';

type MembersQuery = { from: string; to: string; creatorId?: string };

/**
 * The documented /api/analytics/... paths; each one calls its analytics procedure with the query's fields (the
 * procedure's zod input checks them: a missing or unknown field answers 400).
 */
export const analyticsRest: RestModule = (app, { caller }) => {
  app.get<{ Querystring: DownloadsInput }>('/api/analytics/downloads', async (request) => (await caller(request)).analytics.downloads(request.query ?? {}));
  app.get<{ Querystring: { creatorId?: string } }>('/api/analytics/live', async (request) => (await caller(request)).analytics.liveEvents(request.query ?? {}));
  app.get<{ Params: { eventId: string }; Querystring: { creatorId?: string } }>('/api/analytics/live/:eventId', async (request) =>
    (await caller(request)).analytics.live({ ...(request.query ?? {}), eventId: request.params.eventId }),
  );
  app.get<{ Querystring: MembersQuery }>('/api/analytics/members', async (request) => (await caller(request)).analytics.members(request.query ?? {}));
};
