import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { busTopic } from '@server/lib/bus';
import { UnchangedDatabaseCache } from '@server/lib/unchanged-database-cache';
import type { AppServices, UserRow } from '@server/trpc/context';
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
 *
 * Instances sharing a bus (Redis) do not void each other's entries on every write (each write elsewhere would empty
 * every instance's cache); instead the changes that end sessions are announced (`sessionChanged`: password, role,
 * activation) and every instance drops that user's entry when the announcement arrives. Anything else changed
 * elsewhere (names, an invoice, a terms document) is read again within `announcedMaxAgeMs`; while the bus is down
 * nothing is kept, and everything is dropped when it is back (announcements may have been missed meanwhile).
 */
interface SessionReads {
  statement: ReturnType<typeof prepareSessionRowStatement>;
  cache: UnchangedDatabaseCache<string, SessionRow>;
}

const announcedMaxAgeMs = 5_000;

/** A user's sessions changed (password, role, activation): every instance reads their row again. */
const sessionChangesTopic = busTopic<{ userId: string }>('users:session-changed');

const sessionReadsByDb = new WeakMap<Db, SessionReads>();

function sessionReadsOf(db: Db): SessionReads {
  let reads = sessionReadsByDb.get(db);
  if (!reads) {
    reads = { statement: prepareSessionRowStatement(db), cache: new UnchangedDatabaseCache(db.$client) };
    sessionReadsByDb.set(db, reads);
  }
  return reads;
}

/**
 * Called once by buildApp. Alone, nothing to do (any write voids the cache); with a shared bus, this instance's
 * cache follows the announcements of every instance.
 */
export function followSessionChanges(services: Pick<AppServices, 'db' | 'bus'>): void {
  const { db, bus } = services;
  if (bus.kind === 'memory') return;
  const reads = sessionReadsOf(db);
  reads.cache = new UnchangedDatabaseCache(db.$client, { otherWriters: 'announced', maxAgeMs: announcedMaxAgeMs, bypass: () => bus.state !== 'live' });
  bus.subscribe(sessionChangesTopic, ({ userId }) => reads.cache.delete(userId));
  bus.onStateChange((state) => {
    if (state === 'live') reads.cache.clear();
  });
}

/**
 * After a change that ends or alters a user's sessions has committed: this instance reads the row again at once,
 * every other instance as soon as the announcement arrives (milliseconds; well within a second).
 */
export function sessionChanged(services: Pick<AppServices, 'db' | 'bus'>, userId: string): void {
  sessionReadsOf(services.db).cache.delete(userId);
  services.bus.publish(sessionChangesTopic, { userId });
}

function readSessionRow(db: Db, id: string): SessionRow | undefined {
  const reads = sessionReadsOf(db);
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
