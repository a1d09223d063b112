import { z } from 'zod';
import { clientDateTime, clientProvidedId } from '../demo.inputs';

/** Shapes of the calendar app (demo-apps.md §3 Calendar). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);

const eventFields = {
  title: z.string().trim().min(1, 'Min character length is 1').max(200, tooLong),
  allDay: z.boolean(),
  start: clientDateTime,
  end: clientDateTime,
  desc: z.string().trim().max(5000, tooLong),
};
const endNotBeforeStart = (event: { start: string; end: string }) => Date.parse(event.end) >= Date.parse(event.start);
const endMessage = { message: 'The end must not be before the start', path: ['end'] };

export const calendarEvent = z.object({ id, ...eventFields });
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const addEventInput = z.object({
  newEvent: z
    .object({ id: clientProvidedId, ...eventFields, allDay: eventFields.allDay.default(false), desc: eventFields.desc.default('') })
    .refine(endNotBeforeStart, endMessage),
});
export type NewCalendarEvent = z.infer<typeof addEventInput>['newEvent'];
export const updateEventInput = z.object({ event: calendarEvent.refine(endNotBeforeStart, endMessage) });
export const removeEventInput = z.object({ eventId: id });
