import { DomainError } from '@server/platform/errors';
import { keepAnswer } from '@server/platform/kept-answers';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { authMessages, type SessionAnswer } from './users.schemas';
import { findUserById, currentSessionUser, toSessionUser } from './session-reads';

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

/**
 * Re-issues the token once it is a few minutes old, so an active session keeps sliding forward. Before that, the
 * answer is the session user made with the actor's row while that row is current (no promise on the hot path).
 */
export function refreshSession(services: Services, actor: Actor): SessionAnswer | Promise<SessionAnswer> {
  const ageSeconds = Math.floor(Date.now() / 1000) - actor.issuedAt;
  if (ageSeconds >= reissueAfterSeconds) return issueSession(services, actor.user, actor.emulatedBy);
  const made = currentSessionUser(services, actor.user);
  if (made) return keptSessionAnswer(made, actor.token);
  return toSessionUser(services, actor.user).then((user) => ({ token: actor.token, user }));
}

/** Devices (tokens) per account whose unchanged session answer is kept; a further one replaces the oldest. */
const keptTokensPerUser = 16;
const keptSessionAnswers = new WeakMap<SessionAnswer['user'], Map<string, SessionAnswer>>();

/**
 * The same answer object while the session user (made once per row: a changed row makes a new one) and the token
 * stay the same, kept (server/platform/kept-answers.ts): its output check and JSON are then made once, not per call.
 */
function keptSessionAnswer(user: SessionAnswer['user'], token: string): SessionAnswer {
  let byToken = keptSessionAnswers.get(user);
  if (!byToken) keptSessionAnswers.set(user, (byToken = new Map()));
  let answer = byToken.get(token);
  if (!answer) {
    if (byToken.size >= keptTokensPerUser) byToken.delete(byToken.keys().next().value!);
    answer = keepAnswer({ token, user });
    byToken.set(token, answer);
  }
  return answer;
}

export async function emulate(services: Services, admin: Actor, targetId: string): Promise<SessionAnswer> {
  const target = await findUserById(services, targetId);
  if (!target) throw new DomainError({ code: 'NOT_FOUND', message: authMessages.userNotFound });
  if (target.role === 'admin') throw new DomainError({ code: 'FORBIDDEN', message: authMessages.cannotEmulateAdmin });
  services.log.info({ adminId: admin.id, targetId }, 'admin started emulation');
  return issueSession(services, target, { id: admin.id, tokenVersion: admin.user.tokenVersion });
}
