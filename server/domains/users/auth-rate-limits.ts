import type { Services } from '@server/services';
import type { UserRow } from '@server/platform/actor';

/**
 * Login and registration budgets. Each attempt counts against every key given: the client address and,
 * for logins and reset requests, the account itself (its id when it exists, so email and creator tag
 * share one budget), which holds whatever address the attempts come from.
 */
export async function limitAuthAttempts(services: Services, bucket: 'login' | 'register' | 'reset', keys: string[]): Promise<void> {
  const { rateLimits } = services.config;
  const limit = bucket === 'login' ? rateLimits.login : rateLimits.register;
  for (const key of keys) await services.rateLimiter.consume(`${bucket}:${key}`, { limit, windowMs: rateLimits.windowSeconds * 1000 });
}

/** The account's budget key: its id when it exists, else the name that was tried. */
export function accountKey(user: UserRow | undefined, identifier: string): string {
  return user ? `account:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
}
