import { siteNameOf } from '@server/domains/settings/settings.service';
import { createHash, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { passwordResetTokens, users } from '@db/schema/users';
import { fieldError } from '@server/lib/errors';
import { newId, nowIso } from '@server/lib/ids';
import { hashPassword, verifyPassword } from '@server/lib/passwords';
import { UnchangedDatabaseCache } from '@server/lib/unchanged-database-cache';
import { botCheckThreshold, passesBotCheck } from '@server/providers/bot-check/interface';
import type { ExternalIdentity } from '@server/providers/identity/interface';
import type { Actor, AppServices, UserRow } from '@server/trpc/context';
import {
  authMessages,
  type LoginInput,
  type RegisterInput,
  type SessionAnswer,
  type SessionUser,
  type UpdateSelfInput,
  type ViewerProfileInput,
} from './users.schemas';
import type { UserRole } from './roles';

/** `/api/user/alive` hands back the same token until it is this old. */
const reissueAfterSeconds = 5 * 60;
export const accountReadyMessage = authMessages.accountReady;
const resetTokenLifetimeMs = 60 * 60 * 1000;

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

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Login accepts the email or the creator tag. */
export function findUserByLogin(db: Db, identifier: string): UserRow | undefined {
  const value = identifier.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(sql`${users.email} = ${value} OR lower(${users.creatorTag}) = ${value}`)
    .get();
}

function creatorTagTaken(db: Db, tag: string): boolean {
  return !!db.select({ id: users.id }).from(users).where(sql`lower(${users.creatorTag}) = ${tag.toLowerCase()}`).get();
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

/** `actor`: on an emulation token, the admin acting as `user` and that admin's current token version. */
export async function issueSession(
  services: AppServices,
  user: UserRow,
  actor?: { id: string; tokenVersion: number },
): Promise<SessionAnswer> {
  const token = await services.tokens.issue({
    userId: user.id,
    role: user.role,
    typ: user.role === 'viewer' ? 'viewer' : 'user',
    tokenVersion: user.tokenVersion,
    actor,
  });
  return { token, user: toSessionUser(services.db, user) };
}

/**
 * Login and registration budgets. Each attempt counts against every key given: the client address and,
 * for logins and reset requests, the account itself (its id when it exists, so email and creator tag
 * share one budget), which holds whatever address the attempts come from.
 */
function rateLimit(services: AppServices, bucket: 'login' | 'register' | 'reset', keys: string[]): void {
  const { rateLimits } = services.config;
  const limit = bucket === 'login' ? rateLimits.login : rateLimits.register;
  for (const key of keys) services.rateLimiter.enforce(`${bucket}:${key}`, { limit, windowMs: rateLimits.windowSeconds * 1000 });
}

function accountKey(user: UserRow | undefined, identifier: string): string {
  return user ? `account:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
}

async function requireBotCheck(services: AppServices, token: string | undefined, clientIp: string): Promise<void> {
  if (services.botCheck.publicConfig.provider === 'off') return;
  if (!token) throw fieldError('BAD_REQUEST', authMessages.botCheckMissing, { botCheckToken: authMessages.botCheckMissing });
  const verdict = await services.botCheck.verify(token, clientIp);
  if (passesBotCheck(verdict)) return;
  let message: string;
  if (!verdict.success) message = `${authMessages.botCheckFailed}: ${verdict['error-codes'].join(', ') || 'unknown error'}`;
  else if (verdict.score <= botCheckThreshold) message = authMessages.botCheckLowScore;
  else message = `${authMessages.botCheckFailed}: unexpected action "${verdict.action ?? 'none'}"`;
  throw fieldError('BAD_REQUEST', message, { botCheckToken: message });
}

export interface RegisterOptions {
  /**
   * Checkout registration: the creator can sign in at once (they are about to pay) but is pending payment,
   * which keeps them to checkout until `markSubscriptionPaid` or an admin's activation.
   */
  viaCheckout?: boolean;
  /** The platform setting says new creators need no admin activation: active at once. */
  activateCreator?: boolean;
}

export async function registerAccount(
  services: AppServices,
  input: RegisterInput,
  clientIp: string,
  options: RegisterOptions = {},
): Promise<UserRow> {
  rateLimit(services, 'register', [`ip:${clientIp}`]);
  const isViewer = input.roleId === 'viewer';
  if (!isViewer) await requireBotCheck(services, input.botCheckToken, clientIp);

  const { db } = services;
  const fields: Record<string, string> = {};
  if (findUserByEmail(db, input.email)) fields.email = authMessages.emailTaken;
  if (input.subDomain && creatorTagTaken(db, input.subDomain)) fields.subDomain = authMessages.creatorTagTaken;
  if (Object.keys(fields).length) throw fieldError('CONFLICT', Object.values(fields)[0]!, fields);

  const referrer = input.referrerId ? findUserById(db, input.referrerId) : undefined;
  const passwordHash = await hashPassword(input.password);
  const role: UserRole = isViewer ? 'viewer' : 'dj';
  const id = newId();
  try {
    db.insert(users)
      .values({
        id,
        email: input.email,
        creatorTag: isViewer ? null : (input.subDomain ?? null),
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: `${input.firstName} ${input.lastName}`,
        role,
        isActive: isViewer || options.viaCheckout === true || options.activateCreator === true,
        pendingPayment: !isViewer && options.viaCheckout === true,
        passwordHash,
        referrerId: referrer?.id ?? null,
      })
      .run();
  } catch (error) {
    // Two registrations racing for the same email or tag: the unique index decides.
    if (error instanceof Error && /UNIQUE constraint failed: (users\.email|index 'users_creator_tag_lower_unique')/.test(error.message)) {
      const field = error.message.includes('users.email') ? 'email' : 'subDomain';
      const message = field === 'email' ? authMessages.emailTaken : authMessages.creatorTagTaken;
      throw fieldError('CONFLICT', message, { [field]: message });
    }
    throw error;
  }
  return findUserById(db, id)!;
}

export async function login(services: AppServices, input: LoginInput, clientIp: string): Promise<SessionAnswer> {
  const user = findUserByLogin(services.db, input.userName);
  rateLimit(services, 'login', [`ip:${clientIp}`, accountKey(user, input.userName)]);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid || user.role === 'viewer') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidLogin });
  }
  if (!user.isActive) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: authMessages.notValidated });
  return issueSession(services, user);
}

export async function viewerLogin(services: AppServices, input: LoginInput, clientIp: string): Promise<SessionAnswer> {
  const user = findUserByLogin(services.db, input.userName);
  rateLimit(services, 'login', [`ip:${clientIp}`, accountKey(user, input.userName)]);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid || user.role !== 'viewer') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: authMessages.invalidViewerLogin });
  }
  return issueSession(services, user);
}

/** Re-issues the token once it is a few minutes old, so an active session keeps sliding forward. */
export async function refreshSession(services: AppServices, actor: Actor): Promise<SessionAnswer> {
  const ageSeconds = Math.floor(Date.now() / 1000) - actor.issuedAt;
  if (ageSeconds < reissueAfterSeconds) return { token: actor.token, user: toSessionUser(services.db, actor.user) };
  return issueSession(services, actor.user, actor.emulatedBy);
}

export async function emulate(services: AppServices, admin: Actor, targetId: string): Promise<SessionAnswer> {
  const target = findUserById(services.db, targetId);
  if (!target) throw new TRPCError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  if (target.role === 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: authMessages.cannotEmulateAdmin });
  services.log.info({ adminId: admin.id, targetId }, 'admin started emulation');
  return issueSession(services, target, { id: admin.id, tokenVersion: admin.user.tokenVersion });
}

export function updateSelf(services: AppServices, actor: Actor, input: UpdateSelfInput): SessionUser {
  const changes = input.user;
  const { db } = services;
  db.update(users)
    .set({
      ...(changes.displayName !== undefined && { displayName: changes.displayName }),
      ...(changes.firstName !== undefined && { firstName: changes.firstName }),
      ...(changes.lastName !== undefined && { lastName: changes.lastName }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
      ...(changes.shortcuts !== undefined && { shortcuts: changes.shortcuts }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id))
    .run();
  return toSessionUser(db, findUserById(db, actor.id)!);
}

/** Changing the password bumps the token version (signing out every other session) and voids every reset link. */
export async function changePassword(
  services: AppServices,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<SessionAnswer> {
  if (!(await verifyPassword(input.currentPassword, actor.user.passwordHash))) {
    throw fieldError('BAD_REQUEST', authMessages.wrongCurrentPassword, { currentPassword: authMessages.wrongCurrentPassword });
  }
  return setPassword(services, actor.id, input.newPassword);
}

async function setPassword(services: AppServices, userId: string, password: string): Promise<SessionAnswer> {
  const passwordHash = await hashPassword(password);
  services.db.transaction((tx) => storePassword(tx, userId, passwordHash));
  return issueSession(services, findUserById(services.db, userId)!);
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** New hash, new token version (old sessions end) and every outstanding reset link of the account voided. */
function storePassword(tx: Transaction, userId: string, passwordHash: string): void {
  const now = nowIso();
  tx.update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .run();
  tx.update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    .run();
}

export function checkUserExists(db: Db, email: string): { exists: boolean } {
  return { exists: !!findUserByEmail(db, email) };
}

export function updateViewerProfile(services: AppServices, actor: Actor, input: ViewerProfileInput): SessionUser {
  if (input.id !== actor.id) throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only update your own profile' });
  const { db } = services;
  db.update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`,
      ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id))
    .run();
  return toSessionUser(db, findUserById(db, actor.id)!);
}

export const adminRuleMessages = {
  notOwnAccount: 'You cannot deactivate or demote your own account',
  lastAdmin: 'The last active admin cannot be deactivated or demoted',
} as const;

/**
 * The admin rules every user-management change goes through: an admin never deactivates or demotes
 * themself, and the last active admin stays. Call inside the transaction that writes the change.
 */
export function assertAdminChangeAllowed(
  db: Db | Transaction,
  actor: Pick<Actor, 'id'>,
  target: UserRow,
  change: { isActive?: boolean; role?: UserRole },
): void {
  const removesAdmin =
    target.role === 'admin' && target.isActive && (change.isActive === false || (change.role !== undefined && change.role !== 'admin'));
  if (!removesAdmin) return;
  if (target.id === actor.id) throw new TRPCError({ code: 'FORBIDDEN', message: adminRuleMessages.notOwnAccount });
  const activeAdmins = db
    .select({ count: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .get();
  if ((activeAdmins?.count ?? 0) <= 1) throw new TRPCError({ code: 'CONFLICT', message: adminRuleMessages.lastAdmin });
}

function requireUser(db: Db | Transaction, id: string): UserRow {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  return user;
}

/** Admin activation (or deactivation). Activating also ends a pending checkout payment. */
export function setUserActive(db: Db, actor: Pick<Actor, 'id'>, id: string, isActive: boolean): SessionUser {
  db.transaction((tx) => {
    const user = requireUser(tx, id);
    assertAdminChangeAllowed(tx, actor, user, { isActive });
    tx.update(users)
      .set({ isActive, ...(isActive && { pendingPayment: false }), updatedAt: nowIso() })
      .where(eq(users.id, id))
      .run();
  });
  return toSessionUser(db, findUserById(db, id)!);
}

/** Changes an account's role; its tokens (which carry the role) stop working at once. */
export function setUserRole(db: Db, actor: Pick<Actor, 'id'>, id: string, role: UserRole): SessionUser {
  db.transaction((tx) => {
    const user = requireUser(tx, id);
    if (user.role === role) return;
    if ((user.role === 'viewer') !== (role === 'viewer')) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: authMessages.viewerRoleFixed });
    }
    assertAdminChangeAllowed(tx, actor, user, { role });
    tx.update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso() })
      .where(eq(users.id, id))
      .run();
  });
  return toSessionUser(db, findUserById(db, id)!);
}

/**
 * A creator registered through checkout has paid their first subscription: lift the checkout-only
 * limit (payments call this when the first payment is confirmed). Idempotent.
 */
export function markSubscriptionPaid(db: Db, userId: string): void {
  db.update(users).set({ pendingPayment: false, updatedAt: nowIso() }).where(and(eq(users.id, userId), eq(users.pendingPayment, true))).run();
}

export type ExternalSignInResult = { kind: 'session'; session: SessionAnswer } | { kind: 'pending-activation'; message: string };

export const externalSignInMessages = {
  noVerifiedEmail: 'Your account did not share a verified email address',
  emailNotVerified: 'An account with this email already exists. Sign in with your password, or verify your email with the provider first.',
} as const;

/**
 * Google or Apple: sign in the linked account, link by verified email, or create one.
 * A new creator waits for activation; a new viewer is active at once.
 */
export interface ExternalSignInOptions {
  /** The platform setting says new creators need no admin activation: active at once. */
  activateCreator?: boolean;
  /** Told about a creator account just created to wait for activation (the admins' notice). */
  onCreatorWaiting?(user: UserRow): Promise<void>;
}

export async function signInWithExternalIdentity(
  services: AppServices,
  identity: ExternalIdentity,
  roleId: 'viewer' | undefined,
  options: ExternalSignInOptions = {},
): Promise<ExternalSignInResult> {
  const { db } = services;
  const subColumn = identity.provider === 'google' ? users.googleSub : users.appleSub;
  const link = identity.provider === 'google' ? { googleSub: identity.subject } : { appleSub: identity.subject };
  let user = db.select().from(users).where(eq(subColumn, identity.subject)).get();
  if (!user && identity.email) {
    const existing = findUserByEmail(db, identity.email);
    // Only an address the provider vouches for may take over (link to) an existing account.
    if (existing && !identity.emailVerified) throw new TRPCError({ code: 'CONFLICT', message: externalSignInMessages.emailNotVerified });
    if (existing) {
      db.update(users).set({ ...link, updatedAt: nowIso() }).where(eq(users.id, existing.id)).run();
      user = findUserById(db, existing.id)!;
    }
  }
  if (!user) {
    if (!identity.email || !identity.emailVerified) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: externalSignInMessages.noVerifiedEmail });
    }
    const isViewer = roleId === 'viewer';
    const firstName = identity.firstName?.trim() || identity.email.split('@')[0]!;
    const lastName = identity.lastName?.trim() || '';
    const id = newId();
    try {
      db.insert(users)
        .values({
          id,
          email: identity.email.toLowerCase(),
          firstName,
          lastName,
          displayName: `${firstName} ${lastName}`.trim(),
          imageUrl: identity.pictureUrl,
          role: isViewer ? 'viewer' : 'dj',
          isActive: isViewer || options.activateCreator === true,
          passwordHash: null,
          ...link,
        })
        .run();
    } catch (error) {
      // Two first sign-ins racing (double click): the unique indexes decide, the loser retries as a sign-in.
      if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
        user = db.select().from(users).where(eq(subColumn, identity.subject)).get();
        if (!user) throw new TRPCError({ code: 'CONFLICT', message: authMessages.emailTaken });
      } else {
        throw error;
      }
    }
    if (!user) {
      user = findUserById(db, id)!;
      if (!user.isActive && user.role !== 'viewer') await options.onCreatorWaiting?.(user);
    }
  }
  if (!user.isActive && user.role !== 'viewer') return { kind: 'pending-activation', message: authMessages.waitForActivation };
  return { kind: 'session', session: await issueSession(services, user) };
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Always answers the same, at once, so the form reveals neither which emails have accounts nor whether
 * the mail transport works: the mail goes out in the background and a failure is only logged.
 */
export async function requestPasswordReset(services: AppServices, email: string, resetPageUrl: string, clientIp: string) {
  const user = findUserByEmail(services.db, email);
  rateLimit(services, 'reset', [`ip:${clientIp}`, accountKey(user, email)]);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    services.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt: new Date(Date.now() + resetTokenLifetimeMs).toISOString() })
      .run();
    const link = `${resetPageUrl}?token=${encodeURIComponent(token)}`;
    services.mailer
      .send({
        to: user.email,
        subject: `Reset your ${siteNameOf(services)} password`,
        text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${siteNameOf(services)} account. Open this link within an hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
      })
      .catch((error: unknown) => {
        // The message only: a transport error could quote the mail, which holds the link.
        services.log.error({ userId: user.id, reason: error instanceof Error ? error.message : String(error) }, 'password reset mail could not be sent');
      });
  }
  return { message: authMessages.resetLinkSent };
}

/** Consuming the link and setting the password happen in one transaction: a link works once, even when two requests race. */
export async function resetPassword(services: AppServices, token: string, password: string) {
  const { db } = services;
  const tokenHash = hashResetToken(token);
  const isUsable = () =>
    and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, nowIso()));
  const invalid = () => fieldError('BAD_REQUEST', authMessages.invalidResetLink, { token: authMessages.invalidResetLink });
  const row = db.select().from(passwordResetTokens).where(isUsable()).get();
  if (!row) throw invalid();
  const passwordHash = await hashPassword(password);
  const consumed = db.transaction((tx) => {
    const taken = tx.update(passwordResetTokens).set({ usedAt: nowIso() }).where(isUsable()).run();
    if (taken.changes !== 1) return false;
    storePassword(tx, row.userId, passwordHash);
    return true;
  });
  if (!consumed) throw invalid();
  return { message: authMessages.passwordChanged };
}
