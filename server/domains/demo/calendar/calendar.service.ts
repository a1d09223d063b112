import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { newId } from '@server/lib/ids';
import { collection } from '../demo.store';
import type { CalendarEvent, NewCalendarEvent } from './calendar.schemas';

export const calendarCollections = {
  events: (db: Db) => collection<CalendarEvent>(db, 'calendar.events'),
};

export const calendarMessages = { eventNotFound: 'Event not found' } as const;

export const listEvents = (db: Db) => calendarCollections.events(db).list();

/** Adds the event with a generated id (an id sent by the client is replaced). */
export async function addEvent(db: Db, input: NewCalendarEvent): Promise<CalendarEvent> {
  const { id: _clientId, ...fields } = input;
  return calendarCollections.events(db).put({ ...fields, id: newId() });
}

export async function updateEvent(db: Db, event: CalendarEvent): Promise<CalendarEvent> {
  const events = calendarCollections.events(db);
  // The check and the write are one step: an event removed meanwhile is not written back.
  return db.transaction(async () => {
    if (!(await events.has(event.id))) throw new DomainError({ code: 'NOT_FOUND', message: calendarMessages.eventNotFound });
    return events.put(event);
  });
}

export async function removeEvent(db: Db, eventId: string): Promise<string> {
  if ((await calendarCollections.events(db).remove([eventId])) === 0) {
    throw new DomainError({ code: 'NOT_FOUND', message: calendarMessages.eventNotFound });
  }
  return eventId;
}
