import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { events } from './events';
import { podcastEpisodes } from './podcasts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const liveSessionStates = ['live', 'ended'] as const;
export const liveRecordingStatuses = ['recording', 'processing', 'ready', 'failed'] as const;

/**
 * A creator's live channel: the stream key OBS publishes with (`live_` + 128+ random bits, shown only to its owner
 * and admins, never logged), their viewer-count choice and the last publish the server refused (the reason only).
 */
export const liveChannels = sqliteTable(
  'live_channels',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    streamKey: text('stream_key').notNull(),
    showViewerCount: integer('show_viewer_count', { mode: 'boolean' }).notNull().default(true),
    lastRefusalReason: text('last_refusal_reason'),
    lastRefusalAt: text('last_refusal_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [uniqueIndex('live_channels_stream_key_unique').on(table.streamKey)],
);

/**
 * One live session: a publish (and its reconnects within the grace period) into one event. Its id names the HLS
 * folder and the playback URLs (`/live/{id}/index.m3u8`).
 */
export const liveSessions = sqliteTable(
  'live_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    state: text('state', { enum: liveSessionStates }).notNull(),
    startedAt: text('started_at').notNull(),
    endedAt: text('ended_at'),
    /** The recording of this session (DATA_DIR/recordings/{recordingId}/). */
    recordingId: text('recording_id'),
  },
  (table) => [index('live_sessions_event_idx').on(table.eventId, table.startedAt), index('live_sessions_user_idx').on(table.userId, table.startedAt)],
);

/** The recording of a live session: parts while live, one MP4 once finished (never under /uploads). */
export const liveRecordings = sqliteTable(
  'live_recordings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    status: text('status', { enum: liveRecordingStatuses }).notNull(),
    /** File names of the MPEG-TS parts (one per publish), in order, inside the recording's folder. */
    parts: text('parts', { mode: 'json' }).$type<string[]>().notNull(),
    startedAt: text('started_at').notNull(),
    durationSeconds: integer('duration_seconds'),
    sizeBytes: integer('size_bytes'),
    episodeId: text('episode_id').references(() => podcastEpisodes.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('live_recordings_user_idx').on(table.userId, table.startedAt), index('live_recordings_event_idx').on(table.eventId, table.startedAt)],
);
