import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The /api/live paths; each calls the live procedures. */
export const liveRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;

  app.get('/api/live/settings', async (request) => (await caller(request)).live.settings());
  app.post('/api/live/settings', async (request) => (await caller(request)).live.updateSettings(body(request)));
  app.post('/api/live/rotate-key', async (request) => (await caller(request)).live.rotateKey(body(request)));
  app.get('/api/live/dashboard', async (request) => (await caller(request)).live.dashboard());
  app.get<{ Params: { eventId: string } }>('/api/live/status/:eventId', async (request) =>
    (await caller(request)).live.status({ eventId: request.params.eventId }),
  );
  // `?eventIds=a,b,c` (or the parameter repeated): the events whose badges a page shows.
  app.get<{ Querystring: { eventIds?: string | string[] } }>('/api/live/badges', async (request) => {
    const raw = request.query.eventIds;
    const eventIds = raw === undefined ? undefined : (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(',')).filter((value) => value.trim());
    return (await caller(request)).live.badges({ eventIds } as never);
  });
  app.get('/api/live/recordings', async (request) => (await caller(request)).live.recordings());
  app.get<{ Params: { recordingId: string } }>('/api/live/recordings/:recordingId', async (request) =>
    (await caller(request)).live.recording({ recordingId: request.params.recordingId }),
  );
  app.post<{ Params: { recordingId: string } }>('/api/live/recordings/:recordingId/publish', async (request) => {
    const live = (await caller(request)).live;
    const fields = request.body;
    const isObject = fields !== null && typeof fields === 'object' && !Array.isArray(fields);
    const input = isObject ? { ...(fields as Record<string, unknown>), recordingId: request.params.recordingId } : fields;
    // A body of the wrong shape is refused first (400); then an unknown recording answers 404 before field checks.
    const known = new Set(['titleId', 'name', 'recordingId', 'fediverse']);
    if (isObject && Object.keys(fields).every((key) => known.has(key))) await live.recording({ recordingId: request.params.recordingId });
    return live.publishRecording(input as never);
  });
  app.delete<{ Params: { recordingId: string } }>('/api/live/recordings/:recordingId', async (request) =>
    (await caller(request)).live.deleteRecording({ recordingId: request.params.recordingId }),
  );
};
