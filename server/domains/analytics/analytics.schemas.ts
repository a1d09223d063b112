import { z } from 'zod';

/** A date (`YYYY-MM-DD`, midnight UTC) or an ISO time; `from` inclusive, `to` exclusive. */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const analyticsMessages = {
  rangeInvalid: 'The start must be before the end',
  rangeTooLong: 'Choose a range of at most 400 days',
  episodeNotFound: 'Episode not found',
  titleNotFound: 'Podcast not found',
  eventNotFound: 'Event not found',
  creatorNotFound: 'Creator not found',
} as const;

/** The longest range one query covers. */
export const analyticsMaxRangeDays = 400;

const creatorIdField = z.string().trim().min(1).max(64);

export const downloadsGroupings = ['day', 'episode', 'app'] as const;
export type DownloadsGrouping = (typeof downloadsGroupings)[number];

export const downloadsInput = z.strictObject({
  from: instant,
  to: instant,
  titleId: z.string().trim().min(1).max(64).optional(),
  episodeId: z.string().trim().min(1).max(64).optional(),
  groupBy: z.enum(downloadsGroupings).default('day'),
  /** Admins only: one creator's numbers; without it an admin gets the whole install's. */
  creatorId: creatorIdField.optional(),
});
export type DownloadsInput = z.input<typeof downloadsInput>;

export const downloadsOutput = z.object({
  /** Downloads (and replay plays) counted in the range, bots excluded. */
  total: z.number().int(),
  /** Requests from bots that would have counted, counted apart. */
  bots: z.number().int(),
  /**
   * `bytes`: every file was served by the app (IAB rules); `requests`: some were redirected to MEDIA_PUBLIC_URL and
   * count as requests (a GET that is not `bytes=0-1`, once per listener per episode per 24 hours).
   */
  basis: z.enum(['bytes', 'requests']),
  /** `day`: `YYYY-MM-DD` (every day of the range, zeros included); `episode`: the episode id; `app`: the app name. */
  rows: z.array(z.object({ key: z.string(), label: z.string(), downloads: z.number().int() })),
});
export type DownloadsAnswer = z.infer<typeof downloadsOutput>;

export const liveAnalyticsInput = z.strictObject({
  eventId: z.string().trim().min(1).max(64),
  creatorId: creatorIdField.optional(),
});

export const liveAnalyticsOutput = z.object({
  eventId: z.string(),
  peakViewers: z.number().int(),
  /** When the peak was sampled (null: never live). */
  peakAt: z.string().nullable(),
  uniqueViewers: z.number().int(),
  averageWatchSeconds: z.number().int(),
  /** One sample a minute while live (UTC ISO minute), every session of the event in order. */
  viewersOverTime: z.array(z.object({ at: z.string(), viewers: z.number().int() })),
  chatMessages: z.number().int(),
  tipsCents: z.number().int(),
  ticketsCents: z.number().int(),
  /** Plays of the event's replays (recordings), counted like downloads. */
  replayPlays: z.number().int(),
});
export type LiveAnalytics = z.infer<typeof liveAnalyticsOutput>;

export const membersAnalyticsInput = z.strictObject({
  from: instant,
  to: instant,
  creatorId: creatorIdField.optional(),
});

export const membersAnalyticsOutput = z.object({
  currency: z.literal('cad'),
  /** Every UTC month the range touches, oldest first; a month still running is counted up to now. */
  months: z.array(
    z.object({
      month: z.string(),
      /** Members whose membership was active at the month's end (or now, for the running month). */
      active: z.number().int(),
      joined: z.number().int(),
      cancelled: z.number().int(),
      /** The monthly prices of the memberships active at the month's end. */
      mrrCents: z.number().int(),
      byTier: z.array(z.object({ tierId: z.string(), name: z.string(), active: z.number().int(), mrrCents: z.number().int() })),
      /** Net earnings that month by source (the earnings summary's figures). */
      earningsCents: z.object({ tips: z.number().int(), paywall: z.number().int(), memberships: z.number().int() }),
    }),
  ),
});
export type MembersAnalytics = z.infer<typeof membersAnalyticsOutput>;

/** The downloads each of the caller's items counted, for the episode list and the Go live page's recordings. */
export const itemCountsInput = z.strictObject({
  itemKind: z.enum(['episode', 'replay']),
  ids: z.array(z.string().trim().min(1).max(64)).max(200),
});
export const itemCountsOutput = z.object({ counts: z.record(z.string(), z.number().int()) });

/** The live events a scope's numbers cover: started ones, latest first (the dashboard's event picker). */
export const liveEventsInput = z.strictObject({
  creatorId: creatorIdField.optional(),
});
export const liveEventsOutput = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startDateTime: z.string(),
      endDateTime: z.string().nullable(),
      /** The creator's display name (the whole install's list names each event's creator). */
      creatorName: z.string(),
    }),
  ),
});
export type LiveEvents = z.infer<typeof liveEventsOutput>;
