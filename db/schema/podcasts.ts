import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A creator's podcast (platform.md §3 "Podcast title"). Files live under DATA_DIR/uploads; urls are `/uploads/<name>`. */
export const podcastTitles = sqliteTable(
  'podcast_titles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    isVideo: integer('is_video', { mode: 'boolean' }).notNull().default(false),
    /** iTunes category text, e.g. "Music". */
    category: text('category').notNull().default('Music'),
    explicit: integer('explicit', { mode: 'boolean' }).notNull().default(false),
    language: text('language').notNull().default('en'),
    /** `podcast:guid`, fixed when the title is created and never recomputed (a domain change keeps it). */
    podcastGuid: text('podcast_guid'),
    /** `itunes:owner`/`itunes:email`; the creator's address when empty. */
    contactEmail: text('contact_email'),
    itunesType: text('itunes_type', { enum: ['episodic', 'serial'] }).notNull().default('episodic'),
    /** Only members of a tier that includes it hear it: no public feed, listing or public media URL. */
    membersOnly: integer('members_only', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('podcast_titles_user_idx').on(table.userId)],
);

/** One episode (platform.md §3 "Episode"): its media, cover, duration read from the media, optional transcript and chapters. */
export const podcastEpisodes = sqliteTable(
  'podcast_episodes',
  {
    id: text('id').primaryKey(),
    podcastTitleId: text('podcast_title_id')
      .notNull()
      .references(() => podcastTitles.id, { onDelete: 'cascade' }),
    /** The title's owner, kept here so a creator's recent episodes are one indexed query. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mediaUrl: text('media_url').notNull(),
    mediaType: text('media_type').notNull(),
    mediaBytes: integer('media_bytes').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    imageUrl: text('image_url'),
    transcriptUrl: text('transcript_url'),
    transcriptType: text('transcript_type'),
    chaptersUrl: text('chapters_url'),
    /** UTC ISO; an episode whose publish date is in the future is not public yet. */
    publishDate: text('publish_date').notNull(),
    seasonNumber: integer('season_number'),
    episodeNumber: integer('episode_number'),
    /** Announced on the Fediverse (when the creator publishes there); false: the creator opted this episode out. */
    fediverse: integer('fediverse', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [
    index('podcast_episodes_title_publish_idx').on(table.podcastTitleId, table.publishDate),
    index('podcast_episodes_user_publish_idx').on(table.userId, table.publishDate),
  ],
);

export const podcastUploadKinds = ['image', 'media', 'transcript', 'chapters'] as const;
export type PodcastUploadKind = (typeof podcastUploadKinds)[number];

/**
 * A file stored by the upload routes and not yet attached to a title or episode. Procedures take its id,
 * so a caller can only attach files it uploaded itself, and the duration comes from the server's own reading.
 */
export const podcastUploads = sqliteTable('podcast_uploads', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: podcastUploadKinds }).notNull(),
  url: text('url').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  durationSeconds: integer('duration_seconds'),
  createdAt: text('created_at').notNull().default(now),
});
