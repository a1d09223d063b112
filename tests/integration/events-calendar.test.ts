import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelledEvents, events } from '@db/schema/events';
import { firstRow } from '@db/store';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

const day = 24 * 3_600_000;
const feedUrl = '/api/event/calendar/mara_cal.ics';

interface Entry {
  uid: string;
  summary: string;
  status: string | null;
  sequence: number;
  start: string;
  dtstamp: string;
  lastModified: string | null;
  url: string;
}

/** The calendar as a calendar app reads it (ical.js). */
function parseCalendar(text: string): Entry[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const time = (value: unknown) => (value instanceof ICAL.Time ? value.toJSDate().toISOString() : null);
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    status: (event.getFirstPropertyValue('status') as string | null) ?? null,
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: time(event.getFirstPropertyValue('dtstart'))!,
    dtstamp: time(event.getFirstPropertyValue('dtstamp'))!,
    lastModified: time(event.getFirstPropertyValue('last-modified')),
    url: String(event.getFirstPropertyValue('url')),
  }));
}

describe('calendar feed (.ics) that calendar apps update from', () => {
  let test: TestApp;
  let creator: TestUser;
  let admin: TestUser;
  let clock: number;

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj', creatorTag: 'mara_cal', displayName: 'Mara Cal' });
    admin = await createUser(test.app, { role: 'admin' });
    // Only Date is faked: the server's own timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.parse('2031-03-01T12:00:00.000Z');
    vi.setSystemTime(clock);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await test.close();
  });

  const later = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
    return new Date(clock).toISOString();
  };
  const as = (user: TestUser) => callerAs(test.app, user.token);
  const fetchFeed = (headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url: feedUrl, headers });
  const entries = async () => parseCalendar((await fetchFeed()).body);
  const entryOf = async (id: string) => (await entries()).find((entry) => entry.uid === `${id}@cuepoint`);
  const dated = (name: string, start = '2031-06-01T18:00:00.000Z', end = '2031-06-01T20:00:00.000Z') => ({ name, startDateTime: start, endDateTime: end });

  it('never takes its links from the Host header: PUBLIC_URL, else the listen address', async () => {
    const event = await (await as(creator)).events.create(dated('Hosted'));
    const forged = await fetchFeed({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    expect(parseCalendar(forged.body)[0]!.url).toBe(`http://localhost:${test.config.port}/events/mara_cal/${event.id}`);

    const configured = await createTestApp({ PUBLIC_URL: 'https://live.example.test' });
    try {
      await createUser(configured.app, { role: 'dj', creatorTag: 'mara_cal' });
      const body = (await configured.app.inject({ method: 'GET', url: feedUrl, headers: { host: 'evil.example' } })).body;
      expect(body).not.toContain('evil.example');
      expect(body).toContain('URL:https://live.example.test/events/mara_cal');
    } finally {
      await configured.close();
    }
  });

  it('raises SEQUENCE and LAST-MODIFIED when an event moves, and keeps DTSTAMP stable between polls', async () => {
    const caller = await as(creator);
    const event = await caller.events.create(dated('Sunset set'));
    const created = (await entryOf(event.id))!;
    expect(created.sequence).toBe(0);
    expect(created.status).toBe('CONFIRMED');
    const stored = (await firstRow(test.app.services.db.select().from(events).where(eq(events.id, event.id))))!;
    expect(created.dtstamp).toBe(new Date(stored.updatedAt).toISOString().replace(/\.\d+Z$/, '.000Z'));

    // Polling an hour later changes nothing: same bytes, same DTSTAMP.
    const first = await fetchFeed();
    later(3_600_000);
    const second = await fetchFeed();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);

    const movedAt = later(3_600_000);
    await caller.events.update({ id: event.id, startDateTime: '2031-06-01T19:00:00Z', endDateTime: '2031-06-01T21:00:00Z' });
    const moved = (await entryOf(event.id))!;
    expect(moved.sequence).toBe(1);
    expect(moved.start).toBe('2031-06-01T19:00:00.000Z');
    expect(moved.lastModified).toBe(movedAt);
    expect(moved.dtstamp).toBe(movedAt);
    expect(moved.lastModified).not.toBe(created.lastModified);
  });

  it('counts changes of time, name and status, not of the description or price', async () => {
    const caller = await as(creator);
    const event = await caller.events.create(dated('Set'));
    const sequence = async () => (await firstRow(test.app.services.db.select().from(events).where(eq(events.id, event.id))))!.sequence;

    const describedAt = later(60_000);
    await caller.events.update({ id: event.id, description: 'Now with guests', isPremium: true, premiumPrice: 4 });
    expect(await sequence()).toBe(0);
    expect((await entryOf(event.id))!.lastModified).toBe(describedAt);
    // The same start written in another form is no move.
    await caller.events.update({ id: event.id, startDateTime: '2031-06-01T20:00:00+02:00' });
    expect(await sequence()).toBe(0);

    await caller.events.update({ id: event.id, name: 'Set (extended)' });
    expect(await sequence()).toBe(1);
    await caller.events.update({ id: event.id, isActive: false });
    expect(await sequence()).toBe(2);
    expect(await entryOf(event.id)).toBeUndefined();
    await caller.events.update({ id: event.id, isActive: true });
    expect(await sequence()).toBe(3);
    // An admin's change counts the same.
    await (await as(admin)).events.update({ id: event.id, endDateTime: '2031-06-01T23:00:00Z' });
    expect((await entryOf(event.id))!.sequence).toBe(4);
  });

  it('keeps a deleted event for 30 days as STATUS:CANCELLED with the next SEQUENCE, then drops and prunes it', async () => {
    const caller = await as(creator);
    const event = await caller.events.create(dated('Cancelled show'));
    await caller.events.update({ id: event.id, name: 'Cancelled show!' });
    const deletedAt = later(60_000);
    await caller.events.delete({ id: event.id });

    const cancelled = (await entryOf(event.id))!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'Cancelled show!', start: '2031-06-01T18:00:00.000Z', dtstamp: deletedAt });
    expect(await test.app.services.db.select().from(cancelledEvents)).toEqual([
      {
        id: event.id,
        userId: creator.id,
        name: 'Cancelled show!',
        startDateTime: '2031-06-01T18:00:00.000Z',
        endDateTime: '2031-06-01T20:00:00.000Z',
        sequence: 2,
        cancelledAt: deletedAt,
      },
    ]);

    later(29 * day);
    expect((await entryOf(event.id))?.status).toBe('CANCELLED');
    later(day + 60_000);
    expect(await entryOf(event.id)).toBeUndefined();
    expect(await test.app.services.db.select().from(cancelledEvents)).toEqual([]);
  });

  it("records an admin's deletion too, but never a draft's or a TBA event's name", async () => {
    const caller = await as(creator);
    const byAdmin = await caller.events.create(dated('Removed by admin'));
    const draft = await caller.events.create({ ...dated('Secret draft'), isActive: false });
    const tba = await caller.events.create({ name: 'Someday' });
    await (await as(admin)).events.delete({ id: byAdmin.id });
    await caller.events.delete({ id: draft.id });
    await caller.events.delete({ id: tba.id });

    const body = (await fetchFeed()).body;
    expect(body).not.toContain('Secret draft');
    expect(body).not.toContain('Someday');
    expect(parseCalendar(body)).toEqual([expect.objectContaining({ uid: `${byAdmin.id}@cuepoint`, status: 'CANCELLED', sequence: 1 })]);
  });

  it('lets an event that exists win over a tombstone with its id', async () => {
    const event = await (await as(creator)).events.create(dated('Back again'));
    await test.app.services.db
      .insert(cancelledEvents)
      .values({ id: event.id, userId: creator.id, name: 'Old', startDateTime: '2031-05-01T18:00:00.000Z', endDateTime: '2031-05-01T19:00:00.000Z', sequence: 7, cancelledAt: new Date(clock).toISOString() });
    expect(await entries()).toEqual([expect.objectContaining({ uid: `${event.id}@cuepoint`, summary: 'Back again', status: 'CONFIRMED' })]);
  });
});
