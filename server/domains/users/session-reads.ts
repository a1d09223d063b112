import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow, type SyncQueryBuilder, type SyncReads } from '@db/store';
import { users } from '@db/schema/users';
import { busTopic } from '@server/platform/bus';
import { notNow, UnchangedDatabaseCache } from '@server/platform/unchanged-database-cache';
import type { Services } from '@server/services';
import type { UserRow } from '@server/platform/actor';
import { isLocale } from '@common/locales';
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

/** The services the session reads need: the database, and its store's sync reads when it has them (SQLite). */
export type SessionReadServices = Pick<Services, 'db' | 'store'>;

/**
 * The user row and its session flags in one statement (one read transaction), prepared once per SQLite store as a
 * sync read (`Store.syncReads`): the hottest read skips the store's statement queue.
 */
function prepareSessionRowStatement(syncReads: SyncReads) {
  return syncReads.prepare((db: SyncQueryBuilder) =>
    db
      .select({ row: users, ...sessionFlagColumns })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(),
  );
}

interface SessionRow {
  row: UserRow;
  flags: SessionFlags;
  /** The session answer's user, made once per read of the row. */
  sessionUser: SessionUser;
}

/**
 * What every authenticated request reads (its user row and session flags), kept while the database is unchanged
 * (server/platform/unchanged-database-cache.ts): a write anywhere makes the next request read them again.
 *
 * Instances sharing a bus (Redis) do not void each other's entries on every write (each write elsewhere would empty
 * every instance's cache); instead the changes that end sessions are announced (`sessionChanged`: password, role,
 * activation) and every instance drops that user's entry when the announcement arrives. Anything else changed
 * elsewhere (names, an invoice, a terms document) is read again within `announcedMaxAgeMs`; while the bus is down
 * nothing is kept, and everything is dropped when it is back (announcements may have been missed meanwhile).
 *
 * On PostgreSQL the cache watches this instance's own writes (`store.changes`); other instances' changes
 * are announced the same way when they share Redis, and without Redis an entry is kept at most `aloneMaxAgeMs`, the
 * bound on a change made by another instance on the same database.
 */
interface SessionReads {
  /** The prepared sync read (SQLite), or null (PostgreSQL: read through the store). */
  statement: ReturnType<typeof prepareSessionRowStatement> | null;
  cache: UnchangedDatabaseCache<string, SessionRow>;
}

const announcedMaxAgeMs = 5_000;
const aloneMaxAgeMs = 1_000;

/** A user's sessions changed (password, role, activation): every instance reads their row again. */
const sessionChangesTopic = busTopic<{ userId: string }>('users:session-changed');

const sessionReadsByDb = new WeakMap<Db, SessionReads>();

/** The cache (and on SQLite the fast path's statement) of this database. */
function sessionReadsOf(services: SessionReadServices): SessionReads {
  const { store } = services;
  let reads = sessionReadsByDb.get(services.db);
  if (!reads) {
    reads = {
      statement: store.syncReads ? prepareSessionRowStatement(store.syncReads) : null,
      // SQLite's watch sees every writer; PostgreSQL's only this instance's: the others' changes age out.
      cache: new UnchangedDatabaseCache(store, store.changes.seesOtherWriters ? {} : { otherWriters: 'announced', maxAgeMs: aloneMaxAgeMs }),
    };
    sessionReadsByDb.set(services.db, reads);
  }
  return reads;
}

/**
 * Called once by buildApp. Alone, nothing to do (any write voids the cache); with a shared bus, this instance's
 * cache follows the announcements of every instance. On PostgreSQL nothing is kept, so nothing to follow.
 */
export function followSessionChanges(services: Pick<Services, 'db' | 'store' | 'bus'>): void {
  const { bus } = services;
  if (bus.kind === 'memory') return;
  const reads = sessionReadsOf(services);
  reads.cache = new UnchangedDatabaseCache(services.store, { otherWriters: 'announced', maxAgeMs: announcedMaxAgeMs, bypass: () => bus.state !== 'live' });
  bus.subscribe(sessionChangesTopic, ({ userId }) => reads.cache.delete(userId));
  bus.onStateChange((state) => {
    if (state === 'live') reads.cache.clear();
  });
}

/**
 * After a change that ends or alters a user's sessions has committed: this instance reads the row again at once,
 * every other instance as soon as the announcement arrives (milliseconds; well within a second).
 */
export function sessionChanged(services: Pick<Services, 'db' | 'store' | 'bus'>, userId: string): void {
  sessionReadsOf(services).cache.delete(userId);
  services.bus.publish(sessionChangesTopic, { userId });
}

function toSessionRow(found: { row: UserRow } & SessionFlags): SessionRow {
  const flags = { hasUnpaidInvoices: found.hasUnpaidInvoices, latestTermsUrlIfUnaccepted: found.latestTermsUrlIfUnaccepted };
  return { row: found.row, flags, sessionUser: sessionUserOf(found.row, flags) };
}

/**
 * The session row without a promise when it can be had so (kept in the cache, or read by the prepared sync read);
 * `notNow` otherwise (PostgreSQL, or a transaction open on the connection): then `readSessionRow`.
 */
function readSessionRowNow(services: SessionReadServices, id: string): SessionRow | undefined | typeof notNow {
  const reads = sessionReadsOf(services);
  const { statement } = reads;
  return reads.cache.getNow(id, () => {
    // The sync read runs on the connection directly, past the store's transaction gate: it answers null while a
    // transaction is open on it (another request's would show its uncommitted rows), and the store reads instead.
    const direct = statement?.({ id });
    if (!direct) return notNow;
    return direct.row ? toSessionRow(direct.row) : undefined;
  });
}

async function readSessionRow(services: SessionReadServices, id: string): Promise<SessionRow | undefined> {
  const now = readSessionRowNow(services, id);
  if (now !== notNow) return now;
  return sessionReadsOf(services).cache.get(id, () => readSessionRowThroughStore(services.db, id));
}

/** The same statement through the store (PostgreSQL, or while a transaction is open): waits its turn at the gate. */
async function readSessionRowThroughStore(db: Db, id: string): Promise<SessionRow | undefined> {
  const found = await firstRow(
    db
      .select({ row: users, ...sessionFlagColumns })
      .from(users)
      .where(eq(users.id, id)),
  );
  return found ? toSessionRow(found) : undefined;
}

/** The user row as stored now; the object is frozen and shared between requests (never change it). */
export async function findUserById(services: SessionReadServices, id: string): Promise<UserRow | undefined> {
  return (await readSessionRow(services, id))?.row;
}

/**
 * `findUserById` without a promise when the row can be had so (every authenticated request's first step); a promise
 * of it otherwise.
 */
export function findUserByIdNow(services: SessionReadServices, id: string): UserRow | undefined | Promise<UserRow | undefined> {
  const now = readSessionRowNow(services, id);
  return now === notNow ? findUserById(services, id) : now?.row;
}

const noSessionFlags: SessionFlags = Object.freeze({ hasUnpaidInvoices: false, latestTermsUrlIfUnaccepted: null });

async function readSessionFlags(services: SessionReadServices, userId: string): Promise<SessionFlags> {
  return (await readSessionRow(services, userId))?.flags ?? noSessionFlags;
}

/** The newest terms document this user has not accepted yet (creators and staff; admins publish them). */
function pendingTermsUrl(user: UserRow, flags: SessionFlags): string | null {
  if (user.role === 'admin' || user.role === 'viewer') return null;
  return flags.latestTermsUrlIfUnaccepted;
}

export async function hasUnpaidInvoices(services: SessionReadServices, userId: string): Promise<boolean> {
  return (await readSessionFlags(services, userId)).hasUnpaidInvoices;
}

export async function toSessionUser(services: SessionReadServices, user: UserRow): Promise<SessionUser> {
  const stored = await readSessionRow(services, user.id);
  if (stored?.row === user) return stored.sessionUser;
  return sessionUserOf(user, stored?.flags ?? noSessionFlags);
}

/**
 * `toSessionUser` without a promise while `user` is still the row as stored (the cache's current row, as on a request
 * whose actor row was just read); undefined otherwise (then `toSessionUser`).
 */
export function currentSessionUser(services: SessionReadServices, user: UserRow): SessionUser | undefined {
  const stored = readSessionRowNow(services, user.id);
  return stored !== notNow && stored?.row === user ? stored.sessionUser : undefined;
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
    // A locale no longer shipped reads as none (the browser's language then).
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
