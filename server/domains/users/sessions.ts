import { DomainError } from '@server/platform/errors';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { authMessages, type SessionAnswer } from './users.schemas';
import { findUserById, toSessionUser } from './session-reads';

/** `/api/user/alive` hands back the same token until it is this old. */
const reissueAfterSeconds = 5 * 60;

/** `actor`: on an emulation token, the admin acting as `user` and that admin's current token version. */
export async function issueSession(
  services: Services,
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
  return { token, user: await toSessionUser(services, user) };
}

/** Re-issues the token once it is a few minutes old, so an active session keeps sliding forward. */
export async function refreshSession(services: Services, actor: Actor): Promise<SessionAnswer> {
  const ageSeconds = Math.floor(Date.now() / 1000) - actor.issuedAt;
  if (ageSeconds < reissueAfterSeconds) return { token: actor.token, user: await toSessionUser(services, actor.user) };
  return issueSession(services, actor.user, actor.emulatedBy);
}

export async function emulate(services: Services, admin: Actor, targetId: string): Promise<SessionAnswer> {
  const target = await findUserById(services, targetId);
  if (!target) throw new DomainError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  if (target.role === 'admin') throw new DomainError({ code: 'FORBIDDEN', message: authMessages.cannotEmulateAdmin });
  services.log.info({ adminId: admin.id, targetId }, 'admin started emulation');
  return issueSession(services, target, { id: admin.id, tokenVersion: admin.user.tokenVersion });
}
