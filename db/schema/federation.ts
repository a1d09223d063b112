import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/*
 * The Fediverse (issue 32): Fedify's key-value store and message queue on our store, each creator actor's key pairs,
 * settings, remote followers and blocks. Remote actors are named by their ActivityPub id (an absolute URL).
 */

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Fedify's KvStore: the key array as JSON text, the value as JSON, an optional expiry (UTC ISO). */
export const federationKv = sqliteTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    /** JSON text (null included: Fedify caches that a key is unavailable). */
    value: text('value').notNull(),
    expiresAt: text('expires_at'),
  },
  (table) => [index('federation_kv_expires_at_idx').on(table.expiresAt)],
);

export const federationKeyKinds = ['rsa', 'ed25519'] as const;
export type FederationKeyKind = (typeof federationKeyKinds)[number];

/** A creator actor's key pairs (RSA-PKCS1 for draft-cavage signatures, Ed25519 for object proofs), as JWKs; never logged. */
export const federationActorKeys = sqliteTable(
  'federation_actor_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: federationKeyKinds }).notNull(),
    publicJwk: text('public_jwk', { mode: 'json' }).$type<JsonWebKey>().notNull(),
    privateJwk: text('private_jwk', { mode: 'json' }).$type<JsonWebKey>().notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** A creator's Fediverse settings (no row: the defaults). `deletedAt`: the actor's Delete was sent (once). */
export const federationSettings = sqliteTable('federation_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  approveFollowers: integer('approve_followers', { mode: 'boolean' }).notNull().default(false),
  publish: integer('publish', { mode: 'boolean' }).notNull().default(true),
  hashtags: text('hashtags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  deletedAt: text('deleted_at'),
  updatedAt: text('updated_at').notNull().default(now),
});

export const federationFollowerStatuses = ['pending', 'accepted'] as const;
export type FederationFollowerStatus = (typeof federationFollowerStatuses)[number];

/** A remote actor following a creator (pending while the creator approves followers by hand). */
export const federationFollowers = sqliteTable(
  'federation_followers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    /** `@user@host`, as the remote actor names itself. */
    handle: text('handle').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    /** The remote Follow activity's id (the Accept or Reject names it). */
    followId: text('follow_id').notNull(),
    status: text('status', { enum: federationFollowerStatuses }).notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [uniqueIndex('federation_followers_user_actor_idx').on(table.userId, table.actorId), index('federation_followers_actor_idx').on(table.actorId)],
);

export const federationBlockKinds = ['actor', 'domain'] as const;
export type FederationBlockKind = (typeof federationBlockKinds)[number];

/** A blocked remote actor (its id) or domain (a host name), by one creator or (`scope` = 'instance') by an admin. */
export const federationBlocks = sqliteTable(
  'federation_blocks',
  {
    id: text('id').primaryKey(),
    /** The creator's user id, or `instance`. */
    scope: text('scope').notNull(),
    kind: text('kind', { enum: federationBlockKinds }).notNull(),
    value: text('value').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [uniqueIndex('federation_blocks_scope_value_idx').on(table.scope, table.kind, table.value), index('federation_blocks_value_idx').on(table.value)],
);

export const federationMessageStatuses = ['pending', 'done', 'dead'] as const;

/** Fedify's MessageQueue on the job queue (kind `federation`): one row per message (an outgoing delivery, a received activity). */
export const federationMessages = sqliteTable(
  'federation_messages',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: federationMessageStatuses }).notNull().default('pending'),
    message: text('message', { mode: 'json' }).notNull(),
    dueAt: text('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
  },
  (table) => [index('federation_messages_due_idx').on(table.status, table.dueAt)],
);

export const federationPostKinds = ['event', 'live', 'episode', 'replay'] as const;
export type FederationPostKind = (typeof federationPostKinds)[number];

/**
 * A creator's post on the Fediverse: one note per subject and kind (an event, its go-live, an episode or a replay),
 * its id PUBLIC_URL/c/{tag}/posts/{id}. `teaser`: a premium or members-only subject announced without its media.
 * The counts are the likes, boosts and replies received.
 */
export const federationPosts = sqliteTable(
  'federation_posts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: federationPostKinds }).notNull(),
    subjectId: text('subject_id').notNull(),
    noteUri: text('note_uri').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    teaser: integer('teaser', { mode: 'boolean' }).notNull().default(false),
    likes: integer('likes').notNull().default(0),
    boosts: integer('boosts').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    publishedAt: text('published_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    deletedAt: text('deleted_at'),
  },
  (table) => [uniqueIndex('federation_posts_subject_idx').on(table.kind, table.subjectId), index('federation_posts_user_published_idx').on(table.userId, table.publishedAt)],
);

/** A remote actor who replied to, liked or boosted a creator's note: what the chat and the comments show of it. */
export const federationRemoteAuthors = sqliteTable('federation_remote_authors', {
  actorId: text('actor_id').primaryKey(),
  /** `@user@host`. */
  handle: text('handle').notNull(),
  name: text('name').notNull(),
  avatarUrl: text('avatar_url'),
  /** The actor's profile page (its id when it names none). */
  url: text('url').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const federationReactionKinds = ['like', 'announce'] as const;
export type FederationReactionKind = (typeof federationReactionKinds)[number];

/** A Like or Announce of a creator's note: one per remote actor, post and kind (the post's counts follow these rows). */
export const federationReactions = sqliteTable(
  'federation_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => federationPosts.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    kind: text('kind', { enum: federationReactionKinds }).notNull(),
    activityId: text('activity_id').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.postId, table.actorId, table.kind] }), index('federation_reactions_activity_idx').on(table.activityId), index('federation_reactions_actor_idx').on(table.actorId)],
);

/**
 * A remote note replying to a creator's note: shown in the event's chat (`chatMessageId`, for event and go-live notes)
 * or kept as a comment (federation_comments, for episode and replay notes). The post's `replies` counts these rows.
 */
export const federationReplies = sqliteTable(
  'federation_replies',
  {
    noteId: text('note_id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => federationPosts.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    eventId: text('event_id'),
    chatMessageId: text('chat_message_id'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('federation_replies_post_idx').on(table.postId), index('federation_replies_actor_idx').on(table.actorId)],
);

export const federationCommentStatuses = ['pending', 'approved', 'rejected'] as const;
export type FederationCommentStatus = (typeof federationCommentStatuses)[number];

/** A remote reply to an episode's or replay's note, waiting for (or given) the creator's approval. */
export const federationComments = sqliteTable(
  'federation_comments',
  {
    id: text('id').primaryKey(),
    noteId: text('note_id').notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => federationPosts.id, { onDelete: 'cascade' }),
    episodeId: text('episode_id').notNull(),
    /** The creator the episode belongs to. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    content: text('content').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: federationCommentStatuses }).notNull().default('pending'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('federation_comments_note_idx').on(table.noteId),
    index('federation_comments_user_status_idx').on(table.userId, table.status, table.createdAt),
    index('federation_comments_episode_idx').on(table.episodeId, table.status, table.createdAt),
    index('federation_comments_actor_idx').on(table.actorId),
  ],
);
