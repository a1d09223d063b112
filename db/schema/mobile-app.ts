import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { mobileAppStartPages } from '../../common/mobile-app-values';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;


/** A creator's installable web app (served at /m/{creatorTag}/). One per creator for now; the id leaves room for more. */
export const mobileApps = sqliteTable(
  'mobile_apps',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    themeColor: text('theme_color').notNull(),
    backgroundColor: text('background_color').notNull(),
    startPage: text('start_page', { enum: mobileAppStartPages }).notNull().default('home'),
    /** Changes whenever the icons are rendered again (upload or colour change): part of the icon URLs, so caches refresh. */
    iconVersion: text('icon_version').notNull(),
    /** The creator uploaded the icon (its square source is kept beside the rendered sizes); otherwise one is drawn in the theme colour. */
    hasCustomIcon: integer('has_custom_icon', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [uniqueIndex('mobile_apps_user_unique').on(table.userId)],
);
