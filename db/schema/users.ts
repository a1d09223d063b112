import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRoles, type UserRole } from '../../common/roles';
import type { Locale } from '../../common/locales';

export { userRoles, type UserRole };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    /** Unique case-insensitively (the `users_creator_tag_lower_unique` index on lower(creator_tag)). */
    creatorTag: text('creator_tag'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** Where the creator streams from: an HLS URL, a YouTube/Twitch/Vimeo page URL or an embed URL (platform.md §3). */
    streamValue: text('stream_value'),
    role: text('role', { enum: userRoles }).notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull(),
    /** Set when an admin deactivates the account (cleared on activation); a creator still waiting for a first activation has none. */
    deactivatedAt: text('deactivated_at'),
    /** Registered through checkout and not paid yet: may only reach checkout (see checkoutProcedure). */
    pendingPayment: integer('pending_payment', { mode: 'boolean' }).notNull().default(false),
    passwordHash: text('password_hash'),
    tokenVersion: integer('token_version').notNull().default(0),
    referrerId: text('referrer_id'),
    googleSub: text('google_sub').unique(),
    appleSub: text('apple_sub').unique(),
    /** The creator's "new tip / new ticket" notice mail (receipts to payers are always sent). */
    notifyNewPayments: integer('notify_new_payments', { mode: 'boolean' }).notNull().default(true),
    /** The language the account chose (users.setLocale); null: the browser's `Accept-Language`, else English. */
    locale: text('locale').$type<Locale>(),
    shortcuts: text('shortcuts', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [
    index('users_role_idx').on(table.role),
    uniqueIndex('users_creator_tag_lower_unique').on(sql`lower(${table.creatorTag})`),
  ],
);

export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: text('created_at').notNull().default(now),
});

export const termsDocuments = sqliteTable('terms_documents', {
  id: text('id').primaryKey(),
  pdfUrl: text('pdf_url').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: text('created_at').notNull().default(now),
});

export const termsAcceptances = sqliteTable(
  'terms_acceptances',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsId: text('terms_id')
      .notNull()
      .references(() => termsDocuments.id, { onDelete: 'cascade' }),
    acceptedAt: text('accepted_at').notNull().default(now),
    /** Who clicked Accept (the signed-in account behind the session); null for acceptances recorded before it was kept. */
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsId] })],
);

export const invoiceStatuses = ['open', 'paid', 'void'] as const;

export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('invoices_user_status_idx').on(table.userId, table.status)],
);
