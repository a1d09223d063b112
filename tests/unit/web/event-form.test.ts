import { describe, expect, it } from 'vitest';
import { eventMessages } from '@server/domains/events/events.schemas';
import { formErrorsOf, formValuesOf, localInputToIso, newFormValues, parseEventForm, toLocalInput, type EventFormValues } from '@web/features/calendar/event-form';
import { eventPhase, formatEventTime } from '@web/features/events/event-time';

const base: EventFormValues = { name: 'Set', description: '', tba: false, start: '2031-03-01T20:00', end: '2031-03-01T22:00', isPremium: false, premiumPrice: '', isActive: true, fediverse: true };

describe('calendar event form', () => {
  it('turns local date-times into UTC instants and the price into dollars', () => {
    const result = parseEventForm({ ...base, isPremium: true, premiumPrice: '12.50' });
    expect(result.input).toEqual({
      name: 'Set',
      description: '',
      startDateTime: new Date('2031-03-01T20:00').toISOString(),
      endDateTime: new Date('2031-03-01T22:00').toISOString(),
      isPremium: true,
      premiumPrice: 12.5,
      isActive: true,
      fediverse: true,
    });
  });

  it('sends no times for TBA, whatever the inputs hold', () => {
    expect(parseEventForm({ ...base, tba: true }).input).toMatchObject({ startDateTime: null, endDateTime: null });
  });

  it.each([
    [{ name: ' ' }, 'name', eventMessages.nameRequired],
    [{ start: '' }, 'start', eventMessages.invalidDate],
    [{ end: '2031-03-01T19:00' }, 'end', eventMessages.endAfterStart],
    [{ isPremium: true, premiumPrice: '' }, 'premiumPrice', eventMessages.priceRange],
    [{ isPremium: true, premiumPrice: 'ten' }, 'premiumPrice', eventMessages.priceRange],
    [{ isPremium: true, premiumPrice: '0.50' }, 'premiumPrice', eventMessages.priceRange],
    [{ isPremium: true, premiumPrice: '9.999' }, 'premiumPrice', eventMessages.priceDecimals],
  ] as const)('shows the server’s message for %j', (change, field, message) => {
    expect(parseEventForm({ ...base, ...change }).errors?.[field]).toBe(message);
  });

  it('maps server field errors onto the dialog fields', () => {
    expect(formErrorsOf({ endDateTime: 'x', startDateTime: 'y', premiumPrice: 'z', other: 'w' })).toEqual({ end: 'x', start: 'y', premiumPrice: 'z' });
  });

  it('round-trips a stored event through the form', () => {
    const event = {
      id: 'e1',
      name: 'Night',
      description: 'd',
      userId: 'u',
      isPremium: true,
      isActive: false,
      premiumPrice: 7,
      startDateTime: '2031-03-01T20:00:00.000Z',
      endDateTime: '2031-03-01T22:30:00.000Z',
      fediverse: false,
      user: { id: 'u', userName: 'tag', displayName: 'D', description: '', streamValue: null },
    };
    const values = formValuesOf(event);
    expect(values.premiumPrice).toBe('7.00');
    expect(parseEventForm(values).input).toMatchObject({ startDateTime: event.startDateTime, endDateTime: event.endDateTime, premiumPrice: 7, isActive: false, fediverse: false });
  });

  it('proposes 20:00–22:00 on a picked day, or the picked time range', () => {
    const day = new Date(2031, 2, 5);
    expect(newFormValues({ start: day, end: new Date(2031, 2, 6), allDay: true })).toMatchObject({ start: '2031-03-05T20:00', end: '2031-03-05T22:00', fediverse: true });
    expect(newFormValues({ start: new Date(2031, 2, 5, 9, 30), end: new Date(2031, 2, 5, 10), allDay: false })).toMatchObject({ start: '2031-03-05T09:30', end: '2031-03-05T10:00' });
    expect(localInputToIso(toLocalInput(new Date('2031-03-05T09:30:00.000Z')))).toBe('2031-03-05T09:30:00.000Z');
  });
});

describe('event page texts', () => {
  it('shows "TBA" without times and a local time range otherwise', () => {
    expect(formatEventTime({ startDateTime: null, endDateTime: null })).toBe('TBA');
    expect(formatEventTime({ startDateTime: '2031-03-01T20:00:00.000Z', endDateTime: '2031-03-01T21:00:00.000Z' }, 'en-US')).toMatch(/2031/);
  });

  it('knows live, ended and upcoming', () => {
    const now = Date.parse('2031-03-01T20:30:00.000Z');
    const window = { startDateTime: '2031-03-01T20:00:00.000Z', endDateTime: '2031-03-01T21:00:00.000Z' };
    expect(eventPhase(window, now)).toBe('live');
    expect(eventPhase(window, now + 3_600_000)).toBe('ended');
    expect(eventPhase(window, now - 3_600_000)).toBe('upcoming');
    expect(eventPhase({ startDateTime: null, endDateTime: null }, now)).toBe('upcoming');
  });
});
