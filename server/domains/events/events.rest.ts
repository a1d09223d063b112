import { TRPCError } from '@trpc/server';
import type { RestModule } from '@server/rest/kit';
import { publicOrigin } from '@server/lib/public-url';
import { eventMessages } from './events.schemas';
import { toICalendar } from './events.ical';

const icsSuffix = /^(.+)\.ics$/i;


/** The documented /api/event/... paths; each one calls the events procedures. */
export const eventsRest: RestModule = (app, { caller, services }) => {
  app.get<{ Params: { subdomain: string } }>('/api/event/latest/:subdomain', async (request) =>
    (await caller(request)).events.latest({ subdomain: request.params.subdomain }),
  );

  /** Viewer bearer: the ids of the premium events this viewer may enter, e.g. `{ "eventIds": ["…"] }`. */
  app.get<{ Params: { userId: string } }>('/api/event/check-has-permission/:userId', async (request) =>
    (await caller(request)).events.checkHasPermission({ userId: request.params.userId }),
  );

  /** `/api/event/calendar/{subdomain}.ics`: the creator's public active events as iCalendar. */
  app.get<{ Params: { file: string } }>('/api/event/calendar/:file', async (request, reply) => {
    const subdomain = icsSuffix.exec(request.params.file)?.[1];
    if (!subdomain) throw new TRPCError({ code: 'NOT_FOUND', message: eventMessages.creatorNotFound });
    const { creator, events } = await (await caller(request)).events.publicSchedule({ subdomain });
    const creatorTag = creator.userName;
    const body = toICalendar(events, {
      // Never the request's Host header: links in a calendar feed come from PUBLIC_URL (else the listen address).
      origin: new URL(publicOrigin(services.config)).origin,
      subdomain: creatorTag,
      creatorName: creator.displayName,
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${creatorTag.replace(/[^A-Za-z0-9_]/g, '')}.ics"`)
      .send(body);
  });

  /** `{ kind, url, live, expiresAt }`: what the event's player plays; 403 for a premium event without access. */
  app.get<{ Params: { eventId: string } }>('/api/event/:eventId/stream', async (request) =>
    (await caller(request)).events.stream({ eventId: request.params.eventId }),
  );

  app.get<{ Params: { id: string } }>('/api/event/:id', async (request) => (await caller(request)).events.publicById({ id: request.params.id }));
};
