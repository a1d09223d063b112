import { DomainError } from '@server/platform/errors';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { newId, nowIso } from '@server/lib/ids';
import type { ExternalIdentity } from '@server/providers/identity/interface';
import type { Services } from '@server/services';
import type { UserRow } from '@server/platform/actor';
import { authMessages, type SessionAnswer } from './users.schemas';
import { isUniqueViolation } from '@db/portable-sql';
import { findUserById } from './session-reads';
import { refuseDeactivated } from './login';
import { issueSession } from './sessions';
import { findUserByEmail } from './users.service';

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
  services: Services,
  identity: ExternalIdentity,
  roleId: 'viewer' | undefined,
  options: ExternalSignInOptions = {},
): Promise<ExternalSignInResult> {
  const { db } = services;
  const subColumn = identity.provider === 'google' ? users.googleSub : users.appleSub;
  const link = identity.provider === 'google' ? { googleSub: identity.subject } : { appleSub: identity.subject };
  let user = await firstRow(db.select().from(users).where(eq(subColumn, identity.subject)));
  if (!user && identity.email) {
    const existing = await findUserByEmail(db, identity.email);
    // Only an address the provider vouches for may take over (link to) an existing account.
    if (existing && !identity.emailVerified) throw new DomainError({ code: 'CONFLICT', message: externalSignInMessages.emailNotVerified });
    if (existing) {
      await db.update(users).set({ ...link, updatedAt: nowIso() }).where(eq(users.id, existing.id));
      user = (await findUserById(services, existing.id))!;
    }
  }
  if (!user) {
    if (!identity.email || !identity.emailVerified) {
      throw new DomainError({ code: 'BAD_REQUEST', message: externalSignInMessages.noVerifiedEmail });
    }
    const isViewer = roleId === 'viewer';
    const firstName = identity.firstName?.trim() || identity.email.split('@')[0]!;
    const lastName = identity.lastName?.trim() || '';
    const id = newId();
    try {
      await db
        .insert(users)
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
        });
    } catch (error) {
      // Two first sign-ins racing (double click): the unique indexes decide, the loser retries as a sign-in.
      if (isUniqueViolation(error)) {
        user = await firstRow(db.select().from(users).where(eq(subColumn, identity.subject)));
        if (!user) throw new DomainError({ code: 'CONFLICT', message: authMessages.emailTaken });
      } else {
        throw error;
      }
    }
    if (!user) {
      user = (await findUserById(services, id))!;
      if (!user.isActive && user.role !== 'viewer') await options.onCreatorWaiting?.(user);
    }
  }
  refuseDeactivated(user);
  if (!user.isActive && user.role !== 'viewer') return { kind: 'pending-activation', message: authMessages.waitForActivation };
  return { kind: 'session', session: await issueSession(services, user) };
}
