import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarCollections } from '@server/domains/demo/calendar/calendar.service';
import type { CalendarEvent } from '@server/domains/demo/calendar/calendar.schemas';
import { calendarSeeder } from '../../../seed/demo/calendar';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const events = () => calendarCollections.events(t.app.services.db);

beforeAll(async () => {
  t = await createDemoTestApp(calendarSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

const gig = {
  title: 'Warehouse gig',
  allDay: false,
  start: '2030-03-14T20:00:00.000Z',
  end: '2030-03-15T02:00:00.000Z',
  desc: 'Doors at 8',
};

describe('calendar app REST', () => {
  it('GET /api/calendar-app/events answers every event with id, title, allDay, start, end, desc', async () => {
    const res = await t.get('/api/calendar-app/events');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CalendarEvent[];
    expect(body).toEqual(await events().list());
    expect(body.length).toBeGreaterThan(0);
    for (const event of body) {
      expect(Object.keys(event).sort()).toEqual(['allDay', 'desc', 'end', 'id', 'start', 'title']);
      expect(Date.parse(event.end)).toBeGreaterThanOrEqual(Date.parse(event.start));
    }
    expect(body.some((event) => event.allDay)).toBe(true);
  });

  it('POST /api/calendar-app/add-event stores the event with a generated id and answers it', async () => {
    const before = await events().count();
    const res = await t.post('/api/calendar-app/add-event', { newEvent: { id: 'client-id', ...gig } });
    expect(res.statusCode).toBe(200);
    const created = res.json() as CalendarEvent;
    expect(created).toEqual({ ...gig, id: expect.any(String) });
    expect(created.id).not.toBe('client-id');
    expect(await events().count()).toBe(before + 1);
    expect(await events().get(created.id)).toEqual(created);
    expect(await events().has('client-id')).toBe(false);
    expect((await t.get('/api/calendar-app/events')).json()).toContainEqual(created);
  });

  it('POST /api/calendar-app/add-event defaults allDay to false and desc to empty', async () => {
    const res = await t.post('/api/calendar-app/add-event', { newEvent: { title: 'Quick call', start: gig.start, end: gig.start } });
    expect(res.statusCode).toBe(200);
    const created = res.json() as CalendarEvent;
    expect(created).toEqual({ id: expect.any(String), title: 'Quick call', allDay: false, start: gig.start, end: gig.start, desc: '' });
    expect(await events().get(created.id)).toEqual(created);
  });

  it('POST /api/calendar-app/add-event: 400 with field messages for a malformed event, nothing written', async () => {
    const before = await events().list();
    const bad = await t.post('/api/calendar-app/add-event', { newEvent: { title: '', start: 'tomorrow', end: gig.end, colour: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'newEvent.title': 'Min character length is 1',
      'newEvent.start': 'Please enter a valid date and time',
    });
    expect(bad.json().errors).not.toHaveProperty('newEvent.colour');
    const backwards = await t.post('/api/calendar-app/add-event', { newEvent: { ...gig, start: gig.end, end: gig.start } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ 'newEvent.end': 'The end must not be before the start' });
    const bare = await t.post('/api/calendar-app/add-event', gig);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ newEvent: expect.any(String) });
    expect(await events().list()).toEqual(before);
  });

  it('POST /api/calendar-app/update-event replaces the event and answers it', async () => {
    const event = (await events().list())[2]!;
    const changed = { ...event, title: 'Moved rehearsal', allDay: true, start: gig.start, end: gig.end, desc: 'Bring cables' };
    const res = await t.post('/api/calendar-app/update-event', { event: changed });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await events().get(event.id)).toEqual(changed);
    expect((await events().list())[2]).toEqual(changed);
  });

  it('POST /api/calendar-app/update-event: 404 for an unknown id, 400 for a malformed event, nothing written', async () => {
    const before = await events().list();
    const event = before[0]!;
    const unknown = await t.post('/api/calendar-app/update-event', { event: { ...event, id: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Event not found' });
    expect(await events().has('nope')).toBe(false);
    const bad = await t.post('/api/calendar-app/update-event', { event: { ...event, allDay: 'yes', end: 'later', extra: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'event.allDay': expect.any(String),
      'event.end': 'Please enter a valid date and time',
    });
    expect(bad.json().errors).not.toHaveProperty('event.extra');
    const backwards = await t.post('/api/calendar-app/update-event', { event: { ...event, start: gig.end, end: gig.start } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ 'event.end': 'The end must not be before the start' });
    const partial = await t.post('/api/calendar-app/update-event', { event: { id: event.id, title: 'Only a title' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toMatchObject({ 'event.start': expect.any(String), 'event.allDay': expect.any(String) });
    expect(await events().list()).toEqual(before);
  });

  it('POST /api/calendar-app/remove-event removes the event and answers its id', async () => {
    const event = (await events().list())[1]!;
    const before = await events().count();
    const res = await t.post('/api/calendar-app/remove-event', { eventId: event.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toBe(event.id);
    expect(await events().has(event.id)).toBe(false);
    expect(await events().count()).toBe(before - 1);
    const listed = (await t.get('/api/calendar-app/events')).json() as CalendarEvent[];
    expect(listed.map((item) => item.id)).not.toContain(event.id);
  });

  it('POST /api/calendar-app/remove-event: 404 for an unknown id, 400 for a malformed body, nothing removed', async () => {
    const before = await events().list();
    const unknown = await t.post('/api/calendar-app/remove-event', { eventId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Event not found' });
    const bad = await t.post('/api/calendar-app/remove-event', { id: before[0]!.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ eventId: expect.any(String) });
    expect(await events().list()).toEqual(before);
  });

  it('every calendar path answers 401 without a token and 403 for a viewer, changing nothing', async () => {
    const before = await events().list();
    const event = before[0]!;
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/calendar-app/events' },
      { method: 'POST' as const, url: '/api/calendar-app/add-event', payload: { newEvent: gig } },
      { method: 'POST' as const, url: '/api/calendar-app/update-event', payload: { event: { ...event, title: 'Hacked' } } },
      { method: 'POST' as const, url: '/api/calendar-app/remove-event', payload: { eventId: event.id } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await events().list()).toEqual(before);
  });
});
