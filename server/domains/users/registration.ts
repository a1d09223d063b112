import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId } from '@server/lib/ids';
import { hashPassword } from '@server/platform/passwords';
import { botCheckThreshold, passesBotCheck } from '@server/providers/bot-check/interface';
import type { Services } from '@server/services';
import type { UserRow } from '@server/platform/actor';
import { authMessages, type RegisterInput } from './users.schemas';
import { registrationMessages } from './users.messages';
import { translate } from '@server/i18n/translate';
import type { UserRole } from '@common/roles';
import { limitAuthAttempts } from './auth-rate-limits';
import { isUniqueViolation } from '@db/portable-sql';
import { findUserById } from './session-reads';
import { findUserByEmail } from './users.service';

export const accountReadyMessage = authMessages.accountReady;
export const awaitingActivationMessage = registrationMessages.awaitingActivation;

async function creatorTagTaken(db: Db, tag: string): Promise<boolean> {
  return !!(await firstRow(db.select({ id: users.id }).from(users).where(sql`lower(${users.creatorTag}) = ${tag.toLowerCase()}`).limit(1)));
}

async function requireBotCheck(services: Services, token: string | undefined, clientIp: string): Promise<void> {
  if (services.botCheck.publicConfig.provider === 'off') return;
  if (!token) throw fieldError('BAD_REQUEST', authMessages.botCheckMissing, { botCheckToken: authMessages.botCheckMissing });
  const verdict = await services.botCheck.verify(token, clientIp);
  if (passesBotCheck(verdict)) return;
  let message: string;
  const errorCodes = verdict['error-codes'].join(', ');
  if (!verdict.success) message = errorCodes ? translate('en', registrationMessages.botCheckCallFailed, { reason: errorCodes }) : registrationMessages.botCheckUnknownError;
  else if (verdict.score <= botCheckThreshold) message = authMessages.botCheckLowScore;
  else message = translate('en', registrationMessages.botCheckUnexpectedAction, { action: verdict.action ?? 'none' });
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
  services: Services,
  input: RegisterInput,
  clientIp: string,
  options: RegisterOptions = {},
): Promise<UserRow> {
  await limitAuthAttempts(services, 'register', [`ip:${clientIp}`]);
  const isViewer = input.roleId === 'viewer';
  if (!isViewer) await requireBotCheck(services, input.botCheckToken, clientIp);

  const { db } = services;
  const fields: Record<string, string> = {};
  if (await findUserByEmail(db, input.email)) fields.email = authMessages.emailTaken;
  if (input.subDomain && (await creatorTagTaken(db, input.subDomain))) fields.subDomain = authMessages.creatorTagTaken;
  if (Object.keys(fields).length) throw fieldError('CONFLICT', Object.values(fields)[0]!, fields);

  const referrer = input.referrerId ? await findUserById(services, input.referrerId) : undefined;
  const passwordHash = await hashPassword(input.password);
  const role: UserRole = isViewer ? 'viewer' : 'dj';
  const id = newId();
  try {
    await db
      .insert(users)
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
      });
  } catch (error) {
    // Two registrations racing for the same email or tag: the unique index decides.
    const emailTaken = isUniqueViolation(error, { index: 'users_email_unique', columns: 'users.email' });
    if (emailTaken || isUniqueViolation(error, { index: 'users_creator_tag_lower_unique' })) {
      const field = emailTaken ? 'email' : 'subDomain';
      const message = field === 'email' ? authMessages.emailTaken : authMessages.creatorTagTaken;
      throw fieldError('CONFLICT', message, { [field]: message });
    }
    throw error;
  }
  return (await findUserById(services, id))!;
}
