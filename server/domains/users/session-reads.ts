import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { UnchangedDatabaseCache } from '@server/lib/unchanged-database-cache';
import type { UserRow } from '@server/trpc/context';
import type { SessionUser } from './users.schemas';

/**
 * What a session answer needs beyond the user row: an open invoice, and the newest terms document when this user
 * has not accepted it. One statement (each statement costs a read transaction; this ran three).
 */
const sessionFlagColumns = {
  hasUnpaidInvoices: sql<boolean>`exists(select 1 from invoices where invoices.user_id = users.id and invoices.status = 'open')`.mapWith(Boolean),
  latestTermsUrlIfUnaccepted: sql<string | null>`(select case when exists(select 1 from terms_acceptances where terms_acceptances.user_id = users.id and terms_acceptances.terms_id = terms_documents.id) then null else terms_documents.pdf_url end from terms_documents order by terms_documents.created_at desc limit 1)`,
};

type SessionFlags = { hasUnpaidInvoices: boolean; latestTermsUrlIfUnaccepted: string | null };

/** The user row and its session flags in one statement (one read transaction), prepared once per database. */
function prepareSessionRowStatement(db: Db) {
  return db
    .select({ row: users, ...sessionFlagColumns })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
}

interface SessionRow {
  row: UserRow;
  flags: SessionFlags;
  /** The session answer's user, made once per read of the row. */
  sessionUser: SessionUser;
}

/**
 * What every authenticated request reads (its user row and session flags), kept while the database is unchanged
 * (server/lib/unchanged-database-cache.ts): a write anywhere makes the next request read them again.
 */
interface SessionReads {
  statement: ReturnType<typeof prepareSessionRowStatement>;
  cache: UnchangedDatabaseCache<string, SessionRow>;
}

const sessionReadsByDb = new WeakMap<Db, SessionReads>();
function readSessionRow(db: Db, id: string): SessionRow | undefined {
  let reads = sessionReadsByDb.get(db);
  if (!reads) {
    reads = { statement: prepareSessionRowStatement(db), cache: new UnchangedDatabaseCache(db.$client) };
    sessionReadsByDb.set(db, reads);
  }
  const { statement } = reads;
  return reads.cache.get(id, () => {
    const found = statement.get({ id });
    if (!found) return undefined;
    const flags = { hasUnpaidInvoices: found.hasUnpaidInvoices, latestTermsUrlIfUnaccepted: found.latestTermsUrlIfUnaccepted };
    return { row: found.row, flags, sessionUser: sessionUserOf(found.row, flags) };
  });
}

/** The user row as stored now; the object is frozen and shared between requests (never change it). */
export function findUserById(db: Db, id: string): UserRow | undefined {
  return readSessionRow(db, id)?.row;
}

const noSessionFlags: SessionFlags = Object.freeze({ hasUnpaidInvoices: false, latestTermsUrlIfUnaccepted: null });

function readSessionFlags(db: Db, userId: string): SessionFlags {
  return readSessionRow(db, userId)?.flags ?? noSessionFlags;
}

/** The newest terms document this user has not accepted yet (creators and staff; admins publish them). */
function pendingTermsUrl(user: UserRow, flags: SessionFlags): string | null {
  if (user.role === 'admin' || user.role === 'viewer') return null;
  return flags.latestTermsUrlIfUnaccepted;
}

export function hasUnpaidInvoices(db: Db, userId: string): boolean {
  return readSessionFlags(db, userId).hasUnpaidInvoices;
}

export function toSessionUser(db: Db, user: UserRow): SessionUser {
  const stored = readSessionRow(db, user.id);
  if (stored?.row === user) return stored.sessionUser;
  return sessionUserOf(user, stored?.flags ?? noSessionFlags);
}

function sessionUserOf(user: UserRow, flags: SessionFlags): SessionUser {
  return {
    id: user.id,
    role: [user.role],
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imageUrl: user.imageUrl,
    description: user.description,
    subdomain: user.creatorTag,
    isActive: user.isActive,
    hasUnpaidInvoices: flags.hasUnpaidInvoices ? 'true' : 'false',
    pdfUrl: pendingTermsUrl(user, flags),
    shortcuts: user.shortcuts,
    pendingPayment: user.pendingPayment,
  };
}
