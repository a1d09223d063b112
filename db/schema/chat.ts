import { sql } from 'drizzle-orm';
import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { events } from './events';
import { users } from './users';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A chat message in an event's room. `id` is time-ordered (see chat/message-ids.ts), so ordering by id is
 * ordering by time and a client resumes with "everything after the last id I saw". A moderator's delete
 * keeps the row and stamps `deletedId`, a fresh id of the same sequence, so a resuming client that already
 * showed the message also learns it was removed.
 */
export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The sender; null for a message from the Fediverse (then `remoteActorId` names its author). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A Fediverse reply (or like/boost line): the remote actor's id, its `@user@host` and the remote note's id (a Delete
     * of that note removes the message; the actor's profile for a like/boost line).
     */
    remoteActorId: text('remote_actor_id'),
    originHandle: text('origin_handle'),
    originUrl: text('origin_url'),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    text: text('text').notNull(),
    createdAt: text('created_at').notNull(),
    deletedId: text('deleted_id'),
  },
  (table) => [
    index('chat_messages_event_id_idx').on(table.eventId, table.id),
    index('chat_messages_event_deleted_idx').on(table.eventId, table.deletedId),
    index('chat_messages_remote_actor_idx').on(table.remoteActorId),
    index('chat_messages_origin_url_idx').on(table.originUrl),
  ],
);

/** A Fediverse actor (by its ActivityPub id) banned from one event's chat: its replies there are dropped. */
export const chatRemoteBans = sqliteTable(
  'chat_remote_bans',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    bannedBy: text('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.actorId] })],
);

/** A user banned from one event's chat by its creator or an admin. */
export const chatBans = sqliteTable(
  'chat_bans',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedBy: text('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);
