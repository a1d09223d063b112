import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventAccess, events } from '@db/schema/events';
import { eventMessages } from '@server/domains/events/events.schemas';
import { forbiddenMessage } from '@server/trpc/init';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('events', () => {
  let test: TestApp;
  let creator: TestUser;
  let otherCreator: TestUser;
  let admin: TestUser;
  let viewer: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', creatorTag: 'mara_test', displayName: 'Mara Test', description: 'Deep house', streamValue: 'https://example.test/live.m3u8' });
    otherCreator = await createUser(test.app, { role: 'dj', creatorTag: 'other_dj' });
    admin = await createUser(test.app, { role: 'admin' });
    viewer = await createUser(test.app, { role: 'viewer' });
  });
  afterEach(async () => test.close());

  const as = (user?: TestUser) => callerAs(test.app, user?.token);
  const storedEvent = (id: string) => firstRow(test.app.services.db.select().from(events).where(eq(events.id, id)));

  describe('procedures', () => {
    it('a creator creates, lists by start, updates and deletes their own events', async () => {
      const caller = await as(creator);
      const later = await caller.events.create({ name: 'Later set', startDateTime: iso(48 * hour), endDateTime: iso(50 * hour) });
      const tba = await caller.events.create({ name: 'Secret show' });
      const sooner = await caller.events.create({
        name: 'Sooner set',
        description: 'Warm-up',
        startDateTime: '2030-01-02T20:00:00+01:00',
        endDateTime: '2030-01-02T22:00:00+01:00',
        isPremium: true,
        premiumPrice: 12.5,
        isActive: false,
      });
      expect(sooner).toMatchObject({
        name: 'Sooner set',
        description: 'Warm-up',
        startDateTime: '2030-01-02T19:00:00.000Z',
        endDateTime: '2030-01-02T21:00:00.000Z',
        isPremium: true,
        premiumPrice: 12.5,
        isActive: false,
        userId: creator.id,
        user: { id: creator.id, userName: 'mara_test', displayName: 'Mara Test', description: 'Deep house', streamValue: 'https://example.test/live.m3u8' },
      });
      expect((await storedEvent(sooner.id))?.premiumPriceCents).toBe(1250);
      expect(tba).toMatchObject({ startDateTime: null, endDateTime: null, isPremium: false, premiumPrice: 0, isActive: true });

      // "Later set" starts in two days, "Sooner set" in 2030; TBA last.
      expect((await caller.events.list()).map((event) => event.name)).toEqual(['Later set', 'Sooner set', 'Secret show']);

      const updated = await caller.events.update({ id: sooner.id, name: 'Renamed', premiumPrice: 9.99 });
      expect(updated).toMatchObject({ name: 'Renamed', premiumPrice: 9.99, description: 'Warm-up', isActive: false });
      expect((await storedEvent(sooner.id))?.premiumPriceCents).toBe(999);

      const toTba = await caller.events.update({ id: later.id, startDateTime: null, endDateTime: null });
      expect(toTba).toMatchObject({ startDateTime: null, endDateTime: null });

      expect(await caller.events.delete({ id: tba.id })).toEqual({ id: tba.id });
      expect(await storedEvent(tba.id)).toBeUndefined();
      await expect(caller.events.byId({ id: tba.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: eventMessages.notFound });
    });

    it('carries "Post to the Fediverse" in every answer: on by default, stored as sent, kept by updates that leave it out', async () => {
      const caller = await as(creator);
      const posted = await caller.events.create({ name: 'Posted set' });
      const quiet = await caller.events.create({ name: 'Quiet set', fediverse: false });
      expect(posted.fediverse).toBe(true);
      expect(quiet.fediverse).toBe(false);
      expect((await storedEvent(quiet.id))?.fediverse).toBe(false);
      expect(Object.fromEntries((await caller.events.list()).map((event) => [event.name, event.fediverse]))).toEqual({ 'Posted set': true, 'Quiet set': false });
      expect((await caller.events.byId({ id: quiet.id })).fediverse).toBe(false);

      expect((await caller.events.update({ id: quiet.id, name: 'Still quiet' })).fediverse).toBe(false);
      expect((await caller.events.update({ id: posted.id, fediverse: false })).fediverse).toBe(false);
      expect((await caller.events.byId({ id: posted.id })).fediverse).toBe(false);
      expect((await caller.events.update({ id: quiet.id, fediverse: true })).fediverse).toBe(true);
      expect((await storedEvent(quiet.id))?.fediverse).toBe(true);
      await expect(caller.events.update({ id: quiet.id, fediverse: 'no' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect((await storedEvent(quiet.id))?.fediverse).toBe(true);
    });

    it("answers 404 for another creator's event on every owner procedure, and changes nothing", async () => {
      const event = await (await as(otherCreator)).events.create({ name: 'Not yours' });
      const caller = await as(creator);
      const notFound = { code: 'NOT_FOUND', message: eventMessages.notFound };
      await expect(caller.events.byId({ id: event.id })).rejects.toMatchObject(notFound);
      await expect(caller.events.update({ id: event.id, name: 'Hijacked' })).rejects.toMatchObject(notFound);
      await expect(caller.events.delete({ id: event.id })).rejects.toMatchObject(notFound);
      expect(await caller.events.list()).toEqual([]);
      expect((await storedEvent(event.id))?.name).toBe('Not yours');
    });

    it('lets an admin manage any event', async () => {
      const event = await (await as(creator)).events.create({ name: 'Moderated' });
      const caller = await as(admin);
      expect((await caller.events.byId({ id: event.id })).name).toBe('Moderated');
      expect((await caller.events.update({ id: event.id, isActive: false })).isActive).toBe(false);
      await caller.events.delete({ id: event.id });
      expect(await storedEvent(event.id)).toBeUndefined();
    });

    it('refuses guests, viewers and staff on the owner procedures', async () => {
      const staff = await createUser(test.app, { role: 'staff' });
      await expect((await as()).events.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      for (const user of [viewer, staff]) {
        await expect((await as(user)).events.create({ name: 'Nope' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: forbiddenMessage });
        await expect((await as(user)).events.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
      expect(await test.app.services.db.select().from(events)).toEqual([]);
    });

    it.each([
      ['an empty name', { name: '   ' }, 'name', eventMessages.nameRequired],
      ['a start without an end', { name: 'A', startDateTime: iso(hour) }, 'endDateTime', eventMessages.startAndEnd],
      ['an end without a start', { name: 'A', endDateTime: iso(hour) }, 'startDateTime', eventMessages.startAndEnd],
      ['an end before the start', { name: 'A', startDateTime: iso(2 * hour), endDateTime: iso(hour) }, 'endDateTime', eventMessages.endAfterStart],
      ['an end equal to the start', { name: 'A', startDateTime: '2030-01-01T10:00:00Z', endDateTime: '2030-01-01T10:00:00Z' }, 'endDateTime', eventMessages.endAfterStart],
      ['a date that is not a date', { name: 'A', startDateTime: 'tomorrow', endDateTime: iso(hour) }, 'startDateTime', eventMessages.invalidDate],
      ['a premium event without a price', { name: 'A', isPremium: true }, 'premiumPrice', eventMessages.priceRange],
      ['a price with 3 decimals', { name: 'A', isPremium: true, premiumPrice: 1.005 }, 'premiumPrice', eventMessages.priceDecimals],
      ['a price over the maximum', { name: 'A', isPremium: true, premiumPrice: 10_000.01 }, 'premiumPrice', eventMessages.priceRange],
    ])('refuses %s with the field message', async (_name, input, field, message) => {
      const response = await test.app.inject({ method: 'POST', url: '/trpc/events.create', headers: bearer(creator.token), payload: input });
      expect(response.statusCode).toBe(400);
      const error = (response.json() as { error: { message: string; data: { fieldErrors: Record<string, string> } } }).error;
      expect(error.message).toBe(message);
      expect(error.data.fieldErrors[field]).toBe(message);
      expect(await test.app.services.db.select().from(events)).toEqual([]);
    });

    it('checks the rules on the merged record of an update', async () => {
      const caller = await as(creator);
      const event = await caller.events.create({ name: 'Set', startDateTime: '2030-01-01T10:00:00Z', endDateTime: '2030-01-01T12:00:00Z' });
      await expect(caller.events.update({ id: event.id, endDateTime: '2030-01-01T09:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: eventMessages.endAfterStart });
      await expect(caller.events.update({ id: event.id, startDateTime: null })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: eventMessages.startAndEnd });
      await expect(caller.events.update({ id: event.id, isPremium: true })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: eventMessages.priceRange });
      await expect(caller.events.update({ id: event.id, name: 'x', userId: otherCreator.id } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await storedEvent(event.id)).toMatchObject({ name: 'Set', endDateTime: '2030-01-01T12:00:00.000Z', isPremium: false, userId: creator.id });
    });
  });

  describe('latest', () => {
    const insert = (values: Partial<typeof events.$inferInsert> & { name: string }) =>
      test.app.services.db.insert(events).values({ id: values.name.replace(/\W/g, '-'), userId: creator.id, ...values });

    it('picks an event live now over later ones, skips inactive and ended events', async () => {
      await insert({ name: 'ended', startDateTime: iso(-5 * hour), endDateTime: iso(-4 * hour) });
      await insert({ name: 'inactive soon', startDateTime: iso(-2 * hour), endDateTime: iso(3 * hour), isActive: false });
      await insert({ name: 'live', startDateTime: iso(-hour), endDateTime: iso(hour) });
      await insert({ name: 'tomorrow', startDateTime: iso(24 * hour), endDateTime: iso(26 * hour) });
      await insert({ name: 'tba', createdAt: '2099-01-01T00:00:00.000Z' });
      expect((await (await as()).events.latest({ subdomain: 'MARA_TEST' })).name).toBe('live');
    });

    it('falls back to an active TBA event, then to the most recent event', async () => {
      await insert({ name: 'old', startDateTime: iso(-50 * hour), endDateTime: iso(-49 * hour) });
      await insert({ name: 'recent', startDateTime: iso(-5 * hour), endDateTime: iso(-4 * hour) });
      expect((await (await as()).events.latest({ subdomain: 'mara_test' })).name).toBe('recent');
      await insert({ name: 'tba' });
      expect((await (await as()).events.latest({ subdomain: 'mara_test' })).name).toBe('tba');
    });

    it('answers 404 for an unknown creator and for a creator without events', async () => {
      const guest = await as();
      await expect(guest.events.latest({ subdomain: 'nobody_here' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: eventMessages.creatorNotFound });
      await expect(guest.events.latest({ subdomain: 'other_dj' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: eventMessages.noEvents });
    });
  });

  describe('REST', () => {
    it('GET /api/event/{id} and /api/event/latest/{subdomain} answer the Event of §3 with its user block (no stream location for a guest of a premium event)', async () => {
      const event = await (await as(creator)).events.create({
        name: 'Premium night',
        startDateTime: '2031-05-01T20:00:00Z',
        endDateTime: '2031-05-01T23:00:00Z',
        isPremium: true,
        premiumPrice: 15,
      });
      const expected = {
        id: event.id,
        name: 'Premium night',
        description: '',
        userId: creator.id,
        isPremium: true,
        isActive: true,
        premiumPrice: 15,
        startDateTime: '2031-05-01T20:00:00.000Z',
        endDateTime: '2031-05-01T23:00:00.000Z',
        fediverse: true,
        user: { id: creator.id, userName: 'mara_test', displayName: 'Mara Test', description: 'Deep house', streamValue: null },
      };
      const byId = await test.app.inject({ method: 'GET', url: `/api/event/${event.id}` });
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(expected);
      const latest = await test.app.inject({ method: 'GET', url: '/api/event/latest/mara_test' });
      expect(latest.json()).toEqual(expected);
      const rowKeys = Object.keys(byId.json() as object);
      expect(rowKeys).not.toContain('premiumPriceCents');
      expect(JSON.stringify(byId.json())).not.toMatch(/password|email|tokenVersion/i);
    });

    it('answers 404 JSON for unknown events and creators', async () => {
      for (const url of ['/api/event/nope', '/api/event/latest/nobody_here', '/api/event/calendar/nobody_here.ics', '/api/event/calendar/mara_test']) {
        const response = await test.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(typeof (response.json() as { message: string }).message).toBe('string');
      }
    });
  });

  describe('the stream location of a premium event', () => {
    const streamUrl = 'https://example.test/live.m3u8';
    const grant = async (viewerId: string, eventId: string) => {
      await test.app.services.db.insert(eventAccess).values({ viewerId, eventId, paymentId: 'pay_test' });
    };
    const get = (url: string, token?: string) => test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    const onNow = { startDateTime: iso(-hour), endDateTime: iso(hour) };

    it('no public answer hands it to a guest or a viewer without access, REST or tRPC', async () => {
      const premium = await (await as(creator)).events.create({ name: 'Paid set', ...onNow, isPremium: true, premiumPrice: 8 });
      const stranger = await createUser(test.app, { role: 'viewer' });
      for (const token of [undefined, stranger.token, otherCreator.token]) {
        const answers = [
          await get(`/api/event/${premium.id}`, token),
          await get('/api/event/latest/mara_test', token),
          await get('/api/event/calendar/mara_test.ics', token),
        ];
        for (const answer of answers) {
          expect(answer.statusCode).toBe(200);
          expect(answer.body).not.toContain(streamUrl);
        }
        const caller = await as(token ? { token } as TestUser : undefined);
        for (const answer of [await caller.events.publicById({ id: premium.id }), await caller.events.latest({ subdomain: 'mara_test' })]) {
          expect(answer.user.streamValue).toBeNull();
        }
        expect(JSON.stringify(await caller.events.publicSchedule({ subdomain: 'mara_test' }))).not.toContain(streamUrl);
      }
    });

    it('is never in a public event answer, even to those with access (the player asks events.stream)', async () => {
      const premium = await (await as(creator)).events.create({ name: 'Paid set', ...onNow, isPremium: true, premiumPrice: 8 });
      const free = await (await as(creator)).events.create({ name: 'Free set', ...onNow });
      await grant(viewer.id, premium.id);
      for (const user of [creator, admin, viewer, undefined]) {
        for (const id of [premium.id, free.id]) expect((await (await as(user)).events.publicById({ id })).user.streamValue).toBeNull();
      }
      expect((await (await as(creator)).events.byId({ id: premium.id })).user.streamValue).toBe(streamUrl);
    });

    it('events.stream and GET /api/event/{id}/stream answer 403 "Buy access to watch this event" without access', async () => {
      const premium = await (await as(creator)).events.create({ name: 'Paid set', ...onNow, isPremium: true, premiumPrice: 8 });
      const stranger = await createUser(test.app, { role: 'viewer' });
      await grant(stranger.id, (await (await as(creator)).events.create({ name: 'Another paid one', isPremium: true, premiumPrice: 3 })).id);
      for (const token of [undefined, stranger.token, otherCreator.token]) {
        await expect((await as(token ? { token } as TestUser : undefined)).events.stream({ eventId: premium.id })).rejects.toMatchObject({
          code: 'FORBIDDEN',
          message: eventMessages.buyToWatch,
        });
        const rest = await get(`/api/event/${premium.id}/stream`, token);
        expect(rest.statusCode).toBe(403);
        expect(rest.json()).toMatchObject({ message: eventMessages.buyToWatch });
        expect(rest.body).not.toContain(streamUrl);
      }
    });

    it('events.stream answers the player source to those who may watch, and none when there is nothing to play', async () => {
      const premium = await (await as(creator)).events.create({ name: 'Paid set', ...onNow, isPremium: true, premiumPrice: 8 });
      const free = await (await as(creator)).events.create({ name: 'Free later', startDateTime: iso(24 * hour), endDateTime: iso(26 * hour) });
      await grant(viewer.id, premium.id);
      const playing = { kind: 'hls', url: streamUrl, live: true, expiresAt: null };
      for (const user of [creator, admin, viewer]) expect(await (await as(user)).events.stream({ eventId: premium.id })).toEqual(playing);
      expect((await get(`/api/event/${premium.id}/stream`, viewer.token)).json()).toEqual(playing);
      // The same URL plays the premium event, so a free event of the creator answers none until it has ended.
      expect(await (await as()).events.stream({ eventId: free.id })).toEqual({ kind: 'none', url: null, live: false, expiresAt: null });

      const quiet = await createUser(test.app, { role: 'dj', creatorTag: 'quiet_dj' });
      const nothing = await (await as(quiet)).events.create({ name: 'No stream yet' });
      expect((await get(`/api/event/${nothing.id}/stream`)).json()).toEqual({ kind: 'none', url: null, live: false, expiresAt: null });
      expect((await get('/api/event/nope/stream')).statusCode).toBe(404);
    });
  });

  describe('GET /api/event/check-has-permission/{userId}', () => {
    const grant = async (viewerId: string, eventId: string) => {
      await test.app.services.db.insert(eventAccess).values({ viewerId, eventId, paymentId: 'pay_test' });
    };
    const check = (userId: string, token?: string) =>
      test.app.inject({ method: 'GET', url: `/api/event/check-has-permission/${userId}`, headers: token ? bearer(token) : {} });

    it("answers the premium events this viewer's access rows allow, and nothing the client sends changes that", async () => {
      const caller = await as(creator);
      const paid = await caller.events.create({ name: 'Paid', isPremium: true, premiumPrice: 5 });
      const unpaid = await caller.events.create({ name: 'Unpaid', isPremium: true, premiumPrice: 5 });
      const other = await createUser(test.app, { role: 'viewer' });
      await grant(viewer.id, paid.id);
      await grant(other.id, unpaid.id);

      const response = await check(viewer.id, viewer.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ eventIds: [paid.id] });
      const withQuery = await test.app.inject({ method: 'GET', url: `/api/event/check-has-permission/${viewer.id}?eventIds=${unpaid.id}`, headers: bearer(viewer.token) });
      expect(withQuery.json()).toEqual({ eventIds: [paid.id] });
    });

    it("refuses another viewer's list (403) and a missing token (401)", async () => {
      const event = await (await as(creator)).events.create({ name: 'Paid', isPremium: true, premiumPrice: 5 });
      const other = await createUser(test.app, { role: 'viewer' });
      await grant(other.id, event.id);
      const foreign = await check(other.id, viewer.token);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ message: eventMessages.ownAccessOnly });
      expect((await check(viewer.id)).statusCode).toBe(401);
    });

    it('lists no event that is no longer premium', async () => {
      const caller = await as(creator);
      const event = await caller.events.create({ name: 'Paid', isPremium: true, premiumPrice: 5 });
      await grant(viewer.id, event.id);
      await caller.events.update({ id: event.id, isPremium: false });
      expect((await check(viewer.id, viewer.token)).json()).toEqual({ eventIds: [] });
    });
  });

  describe('GET /api/event/calendar/{subdomain}.ics', () => {
    /** A small RFC 5545 reader: unfolds continuation lines, checks BEGIN/END nesting, collects each VEVENT's properties. */
    function parseICalendar(text: string): { calendar: Record<string, string>; events: Record<string, string>[] } {
      expect(text).toMatch(/\r\n$/);
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
      const stack: string[] = [];
      const calendar: Record<string, string> = {};
      const parsed: Record<string, string>[] = [];
      for (const line of lines) {
        const separator = line.indexOf(':');
        expect(separator, line).toBeGreaterThan(0);
        const name = line.slice(0, separator).split(';')[0]!;
        const value = line.slice(separator + 1);
        if (name === 'BEGIN') {
          stack.push(value);
          if (value === 'VEVENT') parsed.push({});
        } else if (name === 'END') expect(stack.pop()).toBe(value);
        else if (stack.at(-1) === 'VEVENT') parsed.at(-1)![name] = value.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1');
        else if (stack.at(-1) === 'VCALENDAR') calendar[name] = value;
      }
      expect(stack).toEqual([]);
      return { calendar, events: parsed };
    }

    it("serves the creator's active dated events as a calendar that parses, each linking to its event page", async () => {
      const caller = await as(creator);
      const shown = await caller.events.create({
        name: 'Sunset session, part 2; live',
        description: 'A long description '.repeat(8).trim(),
        startDateTime: '2031-06-01T18:00:00Z',
        endDateTime: '2031-06-01T20:30:00Z',
        isPremium: true,
        premiumPrice: 7.5,
      });
      await caller.events.create({ name: 'Hidden', startDateTime: '2031-06-02T18:00:00Z', endDateTime: '2031-06-02T19:00:00Z', isActive: false });
      await caller.events.create({ name: 'Announced later' });
      await (await as(otherCreator)).events.create({ name: 'Someone else', startDateTime: '2031-06-03T18:00:00Z', endDateTime: '2031-06-03T19:00:00Z' });

      const response = await test.app.inject({ method: 'GET', url: '/api/event/calendar/mara_test.ics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const { calendar, events: entries } = parseICalendar(response.body);
      expect(calendar.VERSION).toBe('2.0');
      expect(calendar['X-WR-CALNAME']).toBe('Mara Test — live events');
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      expect(entry).toMatchObject({
        UID: `${shown.id}@cuepoint`,
        SUMMARY: 'Sunset session, part 2; live',
        DTSTART: '20310601T180000Z',
        DTEND: '20310601T203000Z',
        URL: expect.stringMatching(new RegExp(`/events/mara_test/${shown.id}$`)),
      });
      expect(entry!.DESCRIPTION).toContain('Premium event: $7.50 CAD to enter.');
      expect(entry!.DESCRIPTION).toContain('A long description A long description');
    });

    it('never builds its links from the Host header (PUBLIC_URL unset: the listen address)', async () => {
      const event = await (await as(creator)).events.create({ name: 'Hosted', startDateTime: '2031-06-01T18:00:00Z', endDateTime: '2031-06-01T19:00:00Z' });
      const response = await test.app.inject({ method: 'GET', url: '/api/event/calendar/mara_test.ics', headers: { host: 'evil.example' } });
      expect(response.body).not.toContain('evil.example');
      const [entry] = parseICalendar(response.body).events;
      expect(entry!.URL).toBe(`http://localhost:${test.config.port}/events/mara_test/${event.id}`);
    });

    it('answers an empty calendar for a creator without dated events', async () => {
      const response = await test.app.inject({ method: 'GET', url: '/api/event/calendar/other_dj.ics' });
      expect(response.statusCode).toBe(200);
      expect(parseICalendar(response.body).events).toEqual([]);
    });
  });
});
