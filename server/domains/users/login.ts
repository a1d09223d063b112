import { DomainError } from '@server/platform/errors';
import { verifyPassword } from '@server/platform/passwords';
import type { Services } from '@server/services';
import type { UserRow } from '@server/platform/actor';
import { authMessages, type LoginInput, type SessionAnswer } from './users.schemas';
import { accountKey, limitAuthAttempts } from './auth-rate-limits';
import { issueSession } from './sessions';
import { findUserByLogin } from './users.service';

/** The account the name and password belong to (the password is checked even for an unknown name). */
async function checkCredentials(services: Services, input: LoginInput, clientIp: string): Promise<UserRow | undefined> {
  const user = await findUserByLogin(services.db, input.userName);
  await limitAuthAttempts(services, 'login', [`ip:${clientIp}`, accountKey(user, input.userName)]);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  return valid ? user : undefined;
}

/** An admin deactivated this account: it may not sign in (asked only once its password or provider proved it). */
export function refuseDeactivated(user: UserRow): void {
  if (user.deactivatedAt) throw new DomainError({ code: 'FORBIDDEN', message: authMessages.accountDeactivated });
}

export async function login(services: Services, input: LoginInput, clientIp: string): Promise<SessionAnswer> {
  const user = await checkCredentials(services, input, clientIp);
  if (!user || user.role === 'viewer') throw new DomainError({ code: 'UNAUTHORIZED', message: authMessages.invalidLogin });
  refuseDeactivated(user);
  if (!user.isActive) throw new DomainError({ code: 'SERVICE_UNAVAILABLE', message: authMessages.notValidated });
  return issueSession(services, user);
}

export async function viewerLogin(services: Services, input: LoginInput, clientIp: string): Promise<SessionAnswer> {
  const user = await checkCredentials(services, input, clientIp);
  if (!user || user.role !== 'viewer') throw new DomainError({ code: 'UNAUTHORIZED', message: authMessages.invalidViewerLogin });
  refuseDeactivated(user);
  return issueSession(services, user);
}
