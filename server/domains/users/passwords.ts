import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { passwordResetTokens, users } from '@db/schema/users';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { fieldError } from '@server/platform/errors';
import { nowIso } from '@server/lib/ids';
import { hashPassword, verifyPassword } from '@server/platform/passwords';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { authMessages, type SessionAnswer } from './users.schemas';
import { userMailMessages } from './users.messages';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';
import { accountKey, limitAuthAttempts } from './auth-rate-limits';
import { findUserById, sessionChanged } from './session-reads';
import { issueSession } from './sessions';
import { findUserByEmail } from './users.service';

const resetTokenLifetimeMs = 60 * 60 * 1000;

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Changing the password bumps the token version (signing out every other session) and voids every reset link. */
export async function changePassword(
  services: Services,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<SessionAnswer> {
  if (!(await verifyPassword(input.currentPassword, actor.user.passwordHash))) {
    throw fieldError('BAD_REQUEST', authMessages.wrongCurrentPassword, { currentPassword: authMessages.wrongCurrentPassword });
  }
  return setPassword(services, actor.id, input.newPassword);
}

async function setPassword(services: Services, userId: string, password: string): Promise<SessionAnswer> {
  const passwordHash = await hashPassword(password);
  await services.db.transaction(async (tx) => storePassword(tx, userId, passwordHash));
  sessionChanged(services, userId);
  return issueSession(services, (await findUserById(services, userId))!);
}

/** New hash, new token version (old sessions end) and every outstanding reset link of the account voided. */
async function storePassword(tx: Transaction, userId: string, passwordHash: string): Promise<void> {
  const now = nowIso();
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Always answers the same, at once, so the form reveals neither which emails have accounts nor whether
 * the mail transport works: the mail goes out in the background and a failure is only logged.
 */
export async function requestPasswordReset(services: Services, email: string, resetPageUrl: string, clientIp: string) {
  const user = await findUserByEmail(services.db, email);
  await limitAuthAttempts(services, 'reset', [`ip:${clientIp}`, accountKey(user, email)]);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    await services.db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt: new Date(Date.now() + resetTokenLifetimeMs).toISOString() });
    const link = `${resetPageUrl}?token=${encodeURIComponent(token)}`;
    const siteName = await siteNameOf(services);
    // In the account's language, never the asker's: whoever fills in the form need not be the account's owner.
    const locale = requestLocale(user.locale, undefined);
    services.mailer
      .send({
        to: user.email,
        subject: translate(locale, userMailMessages.resetSubject, { siteName }),
        text: translate(locale, userMailMessages.resetBody, { firstName: user.firstName, siteName, link }),
      })
      .catch((error: unknown) => {
        // The message only: a transport error could quote the mail, which holds the link.
        services.log.error({ userId: user.id, reason: error instanceof Error ? error.message : String(error) }, 'password reset mail could not be sent');
      });
  }
  return { message: authMessages.resetLinkSent };
}

/** Consuming the link and setting the password happen in one transaction: a link works once, even when two requests race. */
export async function resetPassword(services: Services, token: string, password: string) {
  const { db } = services;
  const tokenHash = hashResetToken(token);
  const isUsable = () =>
    and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, nowIso()));
  const invalid = () => fieldError('BAD_REQUEST', authMessages.invalidResetLink, { token: authMessages.invalidResetLink });
  const row = await firstRow(db.select().from(passwordResetTokens).where(isUsable()));
  if (!row) throw invalid();
  const passwordHash = await hashPassword(password);
  const consumed = await db.transaction(async (tx) => {
    const taken = await changedRows(tx.update(passwordResetTokens).set({ usedAt: nowIso() }).where(isUsable()));
    if (taken !== 1) return false;
    await storePassword(tx, row.userId, passwordHash);
    return true;
  });
  if (!consumed) throw invalid();
  sessionChanged(services, row.userId);
  return { message: authMessages.passwordChanged };
}
