import { createEventInput, eventMessages, type CreateEventInput, type EventOutput } from '@server/domains/events/events.schemas';
import { dollarsText, toCents } from '@common/money';

/** The calendar dialog's fields: local date-times as `<input type="datetime-local">` reads them, the price as typed. */
export interface EventFormValues {
  name: string;
  description: string;
  tba: boolean;
  start: string;
  end: string;
  isPremium: boolean;
  premiumPrice: string;
  isActive: boolean;
  fediverse: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as the local `YYYY-MM-DDTHH:mm` of a datetime-local input. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as a UTC ISO string; '' stays ''. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function formValuesOf(event: EventOutput): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    tba: !event.startDateTime,
    start: event.startDateTime ? toLocalInput(new Date(event.startDateTime)) : '',
    end: event.endDateTime ? toLocalInput(new Date(event.endDateTime)) : '',
    isPremium: event.isPremium,
    premiumPrice: event.isPremium ? dollarsText(toCents(event.premiumPrice)) : '',
    isActive: event.isActive,
    fediverse: event.fediverse,
  };
}

/** A new event from `start` to `end`, or a two-hour evening slot on the picked day. */
export function newFormValues(range?: { start: Date; end: Date; allDay: boolean }): EventFormValues {
  let start = range?.start;
  let end = range?.end;
  if (!range || range.allDay) {
    start = new Date(range?.start ?? Date.now() + 24 * 3_600_000);
    start.setHours(20, 0, 0, 0);
    end = new Date(start.getTime() + 2 * 3_600_000);
  }
  return { name: '', description: '', tba: false, start: toLocalInput(start!), end: toLocalInput(end!), isPremium: false, premiumPrice: '', isActive: true, fediverse: true };
}

const fieldOfInput: Record<string, keyof EventFormValues> = {
  name: 'name',
  description: 'description',
  startDateTime: 'start',
  endDateTime: 'end',
  premiumPrice: 'premiumPrice',
  isPremium: 'isPremium',
  isActive: 'isActive',
  fediverse: 'fediverse',
};

export type EventFormResult = { input: CreateEventInput; errors?: undefined } | { input?: undefined; errors: Partial<Record<keyof EventFormValues, string>> };

/** Turns the dialog's fields into the procedure input, checked with the server's own schema (so the texts match). */
export function parseEventForm(values: EventFormValues): EventFormResult {
  const priceText = values.premiumPrice.trim();
  const early: Partial<Record<keyof EventFormValues, string>> = {};
  if (!values.tba && !values.start) early.start = eventMessages.invalidDate;
  if (!values.tba && !values.end) early.end = eventMessages.invalidDate;
  if (values.isPremium && !/^\d+(\.\d+)?$/.test(priceText)) early.premiumPrice = eventMessages.priceRange;
  if (Object.keys(early).length) return { errors: early };
  const parsed = createEventInput.safeParse({
    name: values.name,
    description: values.description,
    startDateTime: values.tba ? null : localInputToIso(values.start),
    endDateTime: values.tba ? null : localInputToIso(values.end),
    isPremium: values.isPremium,
    premiumPrice: values.isPremium ? Number(priceText) : 0,
    isActive: values.isActive,
    fediverse: values.fediverse,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof EventFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfInput[String(issue.path[0])] ?? 'name';
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Maps the server's field errors (input names) onto the dialog's fields. */
export function formErrorsOf(fieldErrors: Record<string, string>): Partial<Record<keyof EventFormValues, string>> {
  const errors: Partial<Record<keyof EventFormValues, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = fieldOfInput[key];
    if (field) errors[field] ??= message;
  }
  return errors;
}
