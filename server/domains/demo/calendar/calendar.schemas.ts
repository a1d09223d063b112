import { z } from 'zod';

/** Shapes of the calendar app (demo-apps.md §3 Calendar). Inputs are strict. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);
const isoDateTime = z.iso.datetime({ offset: true, message: 'Please enter a valid date and time' });

const eventFields = {
  title: z.string().trim().min(1, 'Min character length is 1').max(200, tooLong),
  allDay: z.boolean(),
  start: isoDateTime,
  end: isoDateTime,
  desc: z.string().trim().max(5000, tooLong),
};
const endNotBeforeStart = (event: { start: string; end: string }) => Date.parse(event.end) >= Date.parse(event.start);
const endMessage = { message: 'The end must not be before the start', path: ['end'] };

export const calendarEvent = z.strictObject({ id, ...eventFields });
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const addEventInput = z.strictObject({
  newEvent: z
    .strictObject({ id: id.optional(), ...eventFields, allDay: eventFields.allDay.default(false), desc: eventFields.desc.default('') })
    .refine(endNotBeforeStart, endMessage),
});
export type NewCalendarEvent = z.infer<typeof addEventInput>['newEvent'];
export const updateEventInput = z.strictObject({ event: calendarEvent.refine(endNotBeforeStart, endMessage) });
export const removeEventInput = z.strictObject({ eventId: id });
