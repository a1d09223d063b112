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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    text: text('text').notNull(),
    createdAt: text('created_at').notNull(),
    deletedId: text('deleted_id'),
  },
  (table) => [index('chat_messages_event_id_idx').on(table.eventId, table.id), index('chat_messages_event_deleted_idx').on(table.eventId, table.deletedId)],
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
