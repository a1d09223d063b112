import { z } from 'zod';
import { hasWholeCents, roundToCents, toDollars } from '@common/money';

/** Every user-facing text of the events domain (the web forms show exactly these). */
export const eventMessages = {
  notFound: 'Event not found',
  creatorNotFound: 'Creator not found',
  noEvents: 'This creator has no events yet',
  nameRequired: 'Please enter the event name',
  tooLong: 'This value is too long',
  invalidDate: 'Please enter a valid date and time',
  startAndEnd: 'Give both a start and an end, or neither for "TBA"',
  endAfterStart: 'The end must be after the start',
  priceRange: 'A premium price must be between $1.00 and $10,000.00',
  priceDecimals: 'Use at most 2 decimals for the price',
  ownAccessOnly: 'You can only check your own access',
  buyToWatch: 'Buy access to watch this event',
  premiumStreamOnly: "While a premium event is scheduled and not over, the stream plays only on that event's page, for viewers with access.",
} as const;

export const minPremiumPriceCents = 100;
export const maxPremiumPriceCents = 1_000_000;

const id = z.string().trim().min(1).max(64);

/** A UTC instant; any offset is accepted and normalised to `...Z`. */
const dateTime = z
  .string()
  .trim()
  .max(40, eventMessages.invalidDate)
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), eventMessages.invalidDate)
  .transform((value) => new Date(value).toISOString());

/** Dollars with at most 2 decimals, as on the wire. */
const dollars = z
  .number()
  .finite()
  .min(0)
  .max(toDollars(maxPremiumPriceCents), eventMessages.priceRange)
  .refine(hasWholeCents, eventMessages.priceDecimals);

const eventFields = {
  name: z.string().trim().min(1, eventMessages.nameRequired).max(120, eventMessages.tooLong),
  description: z.string().trim().max(5000, eventMessages.tooLong),
  startDateTime: dateTime.nullable(),
  endDateTime: dateTime.nullable(),
  isPremium: z.boolean(),
  premiumPrice: dollars,
  isActive: z.boolean(),
  fediverse: z.boolean(),
};

export interface EventRuleValues {
  startDateTime: string | null;
  endDateTime: string | null;
  isPremium: boolean;
  premiumPrice: number;
}

/** Rules across fields, checked on create and on the merged record of an update. Answers `{ field: message }`. */
export function eventRuleErrors(values: EventRuleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const { startDateTime: start, endDateTime: end } = values;
  if ((start === null) !== (end === null)) errors[start === null ? 'startDateTime' : 'endDateTime'] = eventMessages.startAndEnd;
  else if (start !== null && end !== null && Date.parse(end) <= Date.parse(start)) errors.endDateTime = eventMessages.endAfterStart;
  const cents = roundToCents(values.premiumPrice);
  if (values.isPremium && (cents < minPremiumPriceCents || cents > maxPremiumPriceCents)) errors.premiumPrice = eventMessages.priceRange;
  return errors;
}

export const createEventInput = z
  .strictObject({
    name: eventFields.name,
    description: eventFields.description.default(''),
    startDateTime: eventFields.startDateTime.default(null),
    endDateTime: eventFields.endDateTime.default(null),
    isPremium: eventFields.isPremium.default(false),
    premiumPrice: eventFields.premiumPrice.default(0),
    isActive: eventFields.isActive.default(true),
    /** Posted on the Fediverse when the creator publishes there (false: this event is not). */
    fediverse: eventFields.fediverse.default(true),
  })
  .superRefine((values, context) => {
    for (const [path, message] of Object.entries(eventRuleErrors(values))) context.addIssue({ code: 'custom', path: [path], message });
  });
export type CreateEventInput = z.infer<typeof createEventInput>;

export const updateEventInput = z.strictObject({
  id,
  name: eventFields.name.optional(),
  description: eventFields.description.optional(),
  startDateTime: eventFields.startDateTime.optional(),
  endDateTime: eventFields.endDateTime.optional(),
  isPremium: eventFields.isPremium.optional(),
  premiumPrice: eventFields.premiumPrice.optional(),
  isActive: eventFields.isActive.optional(),
  fediverse: eventFields.fediverse.optional(),
});
export type UpdateEventInput = z.infer<typeof updateEventInput>;

export const eventIdInput = z.strictObject({ id });
export const subdomainInput = z.strictObject({ subdomain: z.string().trim().min(1).max(64) });
export const viewerAccessInput = z.strictObject({ userId: id });

/**
 * The creator block of an event (platform.md §3). `userName` is the creator tag. `streamValue` is only in the creator's
 * own answers (`events.list`/`byId`/`create`/`update`); public answers carry null (the player asks `events.stream`).
 */
export const eventCreator = z.object({
  id: z.string(),
  userName: z.string(),
  displayName: z.string(),
  description: z.string(),
  streamValue: z.string().nullable(),
});
export type EventCreator = z.infer<typeof eventCreator>;

/** An event as every client receives it (platform.md §3). `premiumPrice` is in dollars. */
export const eventOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  userId: z.string(),
  isPremium: z.boolean(),
  isActive: z.boolean(),
  premiumPrice: z.number(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  /** Whether the event is posted on the Fediverse when its creator publishes there. */
  fediverse: z.boolean(),
  user: eventCreator,
});
export type EventOutput = z.infer<typeof eventOutput>;

export const eventsOutput = z.array(eventOutput);

/** A creator with their active, dated events (the iCal feed). */
export const publicScheduleOutput = z.object({ creator: eventCreator, events: eventsOutput });
export type PublicScheduleOutput = z.infer<typeof publicScheduleOutput>;

/** The premium events a viewer may enter (from the server's access rows). */
export const viewerAccessOutput = z.object({ eventIds: z.array(z.string()) });
export type ViewerAccessOutput = z.infer<typeof viewerAccessOutput>;

/** What an event's player plays, answered by `events.stream` only to those who may watch. */
/** `video`: a recorded replay (an MP4 file, signed like the live playlist for premium events). */
export const streamKinds = ['hls', 'iframe', 'video', 'none'] as const;
export const eventStreamOutput = z.object({
  kind: z.enum(streamKinds),
  /** An HLS playlist or replay file (ours: relative, with a signed token for premium events), or an external page/embed URL. */
  url: z.string().nullable(),
  /** Our ingest is on air for this event now (an external stream: the event is active and on now). */
  live: z.boolean(),
  /** When the signed playlist URL stops opening: ask again before then. Null when the URL does not expire. */
  expiresAt: z.string().nullable(),
  /**
   * Low-latency playback (WHEP, `/live/whep/{eventId}`) while the event is live from a WHIP publish this instance
   * holds; absent otherwise. A premium event's WHEP takes the `token` of `url` as `Authorization: Bearer`.
   */
  whepUrl: z.string().nullable().optional(),
});
export type EventStreamOutput = z.infer<typeof eventStreamOutput>;
export const eventStreamInput = z.strictObject({ eventId: id });

/** The public event page (web route `/events/{subdomain}/{eventId?}`). */
export function eventPagePath(subdomain: string, eventId?: string): string {
  return `/events/${encodeURIComponent(subdomain)}${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;
}
