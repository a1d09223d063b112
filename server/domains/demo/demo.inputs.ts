import { z } from 'zod';

/**
 * Input pieces shared by the sample apps. The original template's client sends what its forms hold:
 * `datetime-local` values without an offset, numbers typed into text fields as strings, empty ids on
 * new records. These accept that and store one normal form; anything of the wrong type is still refused.
 */

const dateTimeMessage = 'Please enter a valid date and time';
const withOffset = z.iso.datetime({ offset: true, message: dateTimeMessage });
const withoutOffset = z.iso.datetime({ local: true, message: dateTimeMessage });

/** An ISO date-time; one without an offset (a `datetime-local` field) is read as UTC and stored with `Z`. */
export const clientDateTime = z.union([withOffset, withoutOffset.transform((value) => `${value}Z`).pipe(z.string())], { message: dateTimeMessage });

/** A number, or a numeric string as a text field holds it ("12.50"); stored as a number. */
export function formNumber<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value), schema);
}

/** The id a client may put on a new record (often "" or its own GUID): accepted, then replaced by the server's. */
export const clientProvidedId = z.string().max(200).optional();

/** An empty string where a nullable value is expected (a cleared date field) is stored as null. */
export function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}
