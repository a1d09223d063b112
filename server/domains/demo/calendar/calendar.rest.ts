import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/calendar-app/... paths (demo-apps.md §7 Calendar); each calls demo.calendar. */
export const calendarRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const calendar = async (request: FastifyRequest) => (await caller(request)).demo.calendar;

  app.get('/api/calendar-app/events', async (request) => (await calendar(request)).events());
  app.post('/api/calendar-app/add-event', async (request) => (await calendar(request)).addEvent(body(request)));
  app.post('/api/calendar-app/update-event', async (request) => (await calendar(request)).updateEvent(body(request)));
  // The answer is the removed id, sent as a JSON string.
  app.post('/api/calendar-app/remove-event', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(await (await calendar(request)).removeEvent(body(request)))),
  );
};
