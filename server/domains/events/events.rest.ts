import { DomainError } from '@server/platform/errors';
import type { RestModule } from '@server/rest/kit';
import { ContentClock, sendWithValidators } from '@server/lib/http-caching';
import { publicOrigin } from '@server/lib/public-url';
import { crossOriginReadableHeaders } from '@server/lib/security-headers';
import { eventMessages } from './events.schemas';
import { toICalendar } from './events.ical';
import { publicCalendar } from './events.service';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { requestLocale } from '@server/i18n/request-locale';
import type { Locale } from '@common/locales';

const icsSuffix = /^(.+)\.ics$/i;

/** The language a creator chose for their account (the calendar feed's own words), else English. */
async function creatorLocale(db: Db, creatorId: string): Promise<Locale> {
  const row = await firstRow(db.select({ locale: users.locale }).from(users).where(eq(users.id, creatorId)));
  return requestLocale(row?.locale, undefined);
}

/** The documented /api/event/... paths; each one calls the events procedures (the public calendar reads the service's feed view). */
export const eventsRest: RestModule = (app, { caller, services }) => {
  app.get<{ Params: { subdomain: string } }>('/api/event/latest/:subdomain', async (request) =>
    (await caller(request)).events.latest({ subdomain: request.params.subdomain }),
  );

  /** Viewer bearer: the ids of the premium events this viewer may enter, e.g. `{ "eventIds": ["…"] }`. */
  app.get<{ Params: { userId: string } }>('/api/event/check-has-permission/:userId', async (request) =>
    (await caller(request)).events.checkHasPermission({ userId: request.params.userId }),
  );

  /**
   * `/api/event/calendar/{subdomain}.ics`: the creator's public active events (and those deleted in the last 30 days,
   * as cancelled) as iCalendar. Calendar apps poll it: a strong ETag and Last-Modified answer 304 while it is unchanged.
   */
  const calendarVersions = new ContentClock();
  app.get<{ Params: { file: string } }>('/api/event/calendar/:file', { compress: { customTypes: /^text\/calendar\b/ } }, async (request, reply) => {
    const subdomain = icsSuffix.exec(request.params.file)?.[1];
    if (!subdomain) throw new DomainError({ code: 'NOT_FOUND', message: eventMessages.creatorNotFound });
    const { creator, entries } = await publicCalendar(services.db, subdomain);
    const creatorTag = creator.userName;
    const body = toICalendar(entries, {
      // Never the request's Host header: links in a calendar feed come from PUBLIC_URL (else the listen address).
      origin: new URL(publicOrigin(services.config)).origin,
      subdomain: creatorTag,
      creatorName: creator.displayName,
      locale: await creatorLocale(services.db, creator.id),
    });
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${creatorTag.replace(/[^A-Za-z0-9_]/g, '')}.ics"`)
      // Revalidated on every poll (a 304 while unchanged), so a moved or cancelled event shows at once.
      .header('cache-control', 'no-cache')
      .headers(crossOriginReadableHeaders);
    return sendWithValidators(request, reply, body, calendarVersions, creator.id);
  });

  /** `{ kind, url, live, expiresAt }`: what the event's player plays; 403 for a premium event without access. */
  app.get<{ Params: { eventId: string } }>('/api/event/:eventId/stream', async (request) =>
    (await caller(request)).events.stream({ eventId: request.params.eventId }),
  );

  app.get<{ Params: { id: string } }>('/api/event/:id', async (request) => (await caller(request)).events.publicById({ id: request.params.id }));
};
