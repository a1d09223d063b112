import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * Audience analytics (issue 33). Nothing personal is stored: a listener is an HMAC of the client address (IPv6 cut to
 * its /64) and the User-Agent under a daily salt (`analytics_salts`, deleted after 48 hours), never the address or
 * the full User-Agent. Episode, title and event ids carry no foreign keys: a creator's totals outlive a deleted item.
 */

/** The listener-key salts, one per UTC day (`YYYY-MM-DD`): today's and yesterday's are live, older ones deleted. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  /** 32 random bytes, base64url. */
  salt: text('salt').notNull(),
  createdAt: text('created_at').notNull(),
});

export const mediaItemKinds = ['episode', 'replay'] as const;
export type MediaItemKind = (typeof mediaItemKinds)[number];

/**
 * How a request is counted: `bytes` (the app served the bytes: ranges add up to the IAB threshold) or `request` (the
 * app only redirected to MEDIA_PUBLIC_URL: a GET that is not `bytes=0-1` counts, as OP3 counts).
 */
export const mediaCountModes = ['bytes', 'request'] as const;
export type MediaCountMode = (typeof mediaCountModes)[number];

/**
 * One served media request that may count (a GET answered 200 or 206 with more than 2 bytes, or a redirected GET),
 * written on the request path (buffered, batched) by any instance; the counting sweep (once across instances) merges
 * it into its listener window and deletes it. `unitStart`/`unitEnd` (end exclusive) are bytes of the file for an
 * episode, seconds of the recording for a replay's HLS segments; `unitsTotal` the file's size or the replay's length.
 */
export const mediaRequests = sqliteTable(
  'media_requests',
  {
    id: text('id').primaryKey(),
    itemKind: text('item_kind', { enum: mediaItemKinds }).notNull(),
    /** The episode id (episodes) or the recording id (replays). */
    itemId: text('item_id').notNull(),
    creatorId: text('creator_id').notNull(),
    /** The podcast title (episodes), the event (replays, when the recording has one). */
    parentId: text('parent_id'),
    /** HMAC under today's salt. */
    listenerKey: text('listener_key').notNull(),
    /** HMAC under yesterday's salt (null when there was none): an open window keyed under it is continued. */
    previousListenerKey: text('previous_listener_key'),
    mode: text('mode', { enum: mediaCountModes }).notNull(),
    unitStart: integer('unit_start').notNull(),
    unitEnd: integer('unit_end').notNull(),
    unitsTotal: integer('units_total').notNull(),
    /** The app or platform named by the opawg patterns (`Apple Podcasts`, `Spotify`, `Browser`…, `Unknown`). */
    app: text('app').notNull(),
    bot: integer('bot', { mode: 'boolean' }).notNull(),
    at: text('at').notNull(),
  },
  (table) => [index('media_requests_at_idx').on(table.at)],
);

/**
 * One listener's rolling 24 hours on one item, from their first request: the units served so far (merged ranges) and,
 * once they cover the threshold (ID3 header plus one minute at the file's bitrate, or the whole file when shorter;
 * one minute of a replay), the time it counted as a download or play. At most one window per listener and item is
 * open at a time; a request after `startedAt + 24 h` opens a new one.
 */
export const listenerWindows = sqliteTable(
  'listener_windows',
  {
    id: text('id').primaryKey(),
    itemKind: text('item_kind', { enum: mediaItemKinds }).notNull(),
    itemId: text('item_id').notNull(),
    creatorId: text('creator_id').notNull(),
    parentId: text('parent_id'),
    listenerKey: text('listener_key').notNull(),
    mode: text('mode', { enum: mediaCountModes }).notNull(),
    startedAt: text('started_at').notNull(),
    /** Merged `[start, end)` unit ranges served within the window. */
    ranges: text('ranges', { mode: 'json' }).$type<Array<[number, number]>>().notNull(),
    unitsServed: integer('units_served').notNull(),
    thresholdUnits: integer('threshold_units').notNull(),
    /** When the window counted (null: not yet). */
    countedAt: text('counted_at'),
    app: text('app').notNull(),
    bot: integer('bot', { mode: 'boolean' }).notNull(),
  },
  (table) => [
    index('listener_windows_lookup_idx').on(table.itemKind, table.itemId, table.listenerKey, table.startedAt),
    index('listener_windows_counted_idx').on(table.creatorId, table.countedAt),
    index('listener_windows_started_idx').on(table.startedAt),
  ],
);

/**
 * Counted downloads and plays by UTC day, item, app and bot flag: what the retention sweep keeps of windows older
 * than 30 days (the windows are deleted once rolled up). Totals = these rows plus the counted windows still kept.
 */
export const mediaDailyCounts = sqliteTable(
  'media_daily_counts',
  {
    day: text('day').notNull(),
    itemKind: text('item_kind', { enum: mediaItemKinds }).notNull(),
    itemId: text('item_id').notNull(),
    creatorId: text('creator_id').notNull(),
    parentId: text('parent_id'),
    app: text('app').notNull(),
    bot: integer('bot', { mode: 'boolean' }).notNull(),
    downloads: integer('downloads').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.itemKind, table.itemId, table.app, table.bot] }),
    index('media_daily_counts_creator_idx').on(table.creatorId, table.day),
  ],
);

/** Concurrent viewers of a live session, sampled once a minute (across instances: one sample per session and minute). */
export const liveViewerSamples = sqliteTable(
  'live_viewer_samples',
  {
    sessionId: text('session_id').notNull(),
    eventId: text('event_id').notNull(),
    creatorId: text('creator_id').notNull(),
    /** The minute sampled, `YYYY-MM-DDTHH:MM:00.000Z`. */
    at: text('at').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.at] }), index('live_viewer_samples_event_idx').on(table.eventId, table.at)],
);

/**
 * The minutes each viewer (a salted listener key, as for downloads) watched an event: one row per viewer and minute
 * in which their player fetched the live playlist. Unique viewers = distinct keys; seconds watched = rows × 60.
 * Rows of events ended more than 30 days ago are rolled up into `live_event_audiences` and deleted.
 */
export const liveViewerMinutes = sqliteTable(
  'live_viewer_minutes',
  {
    eventId: text('event_id').notNull(),
    minute: text('minute').notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.minute, table.viewerKey] })],
);

/** What the retention sweep keeps of an event's viewer minutes. */
export const liveEventAudiences = sqliteTable('live_event_audiences', {
  eventId: text('event_id').primaryKey(),
  creatorId: text('creator_id').notNull(),
  uniqueViewers: integer('unique_viewers').notNull(),
  watchedSeconds: integer('watched_seconds').notNull(),
});
