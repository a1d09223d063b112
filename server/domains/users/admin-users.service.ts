import { DomainError } from '@server/platform/errors';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { nowIso } from '@server/lib/ids';
import { publicOrigin } from '@server/lib/public-url';
import type { Services } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { adminUsersMessages, type AdminUserRow, type AdminUsersListInput, type AdminUserUpdateInput } from './admin-users.schemas';
import { getEffectiveSettings, siteNameOf } from '@server/domains/settings/settings.service';
import { activationChange, announceDeactivation, assertAdminChangeAllowed } from './admin-rules';
import type { ExternalSignInOptions } from './external-sign-in';
import { requestPasswordReset } from './passwords';
import { sessionChanged } from './session-reads';
import { adminUserAnswers, userMailMessages } from './users.messages';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';

/** A user's plans on the admin's user page: read and granted by the billing domain's rules. */
export { grantComplimentaryPlan, revokeComplimentaryPlan, userPlans } from '@server/domains/billing/plan-access';

const rowColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  pendingPayment: users.pendingPayment,
  subdomain: users.creatorTag,
  imageUrl: users.imageUrl,
  createdAt: users.createdAt,
};

/** `%`, `_` and the escape character itself match literally in the search text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const waitingCreator = and(eq(users.role, 'dj'), eq(users.isActive, false));

/** One page of accounts for the admin Users screen, with the total that matches (no secrets: no hash, no token version). */
export async function listUsers(db: Db, input: AdminUsersListInput): Promise<{ items: AdminUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (input.search) {
    const pattern = likePattern(input.search);
    conditions.push(
      sql`(lower(${users.displayName}) LIKE ${pattern} ESCAPE '\\' OR lower(${users.email}) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${users.creatorTag}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (input.role) conditions.push(eq(users.role, input.role));
  if (input.status === 'active') conditions.push(eq(users.isActive, true));
  if (input.status === 'inactive') conditions.push(eq(users.isActive, false));
  if (input.status === 'waiting') conditions.push(waitingCreator!);
  const where = conditions.length ? and(...conditions) : undefined;
  const total = (await firstRow(db.select({ value: count() }).from(users).where(where)))?.value ?? 0;
  const items = await db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.displayName), asc(users.email))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items, total };
}

/** Creators who registered and wait for activation (the badge on the Users menu item). */
export async function waitingCreatorCount(db: Db): Promise<number> {
  return (await firstRow(db.select({ value: count() }).from(users).where(waitingCreator)))?.value ?? 0;
}

export async function getUser(db: Db, id: string): Promise<AdminUserRow> {
  const row = await firstRow(db.select(rowColumns).from(users).where(eq(users.id, id)));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: adminUsersMessages.userNotFound });
  return row;
}

/**
 * Edits names, role and activation. The admin rules of the users domain apply (an admin never deactivates or
 * demotes themself, the last active admin stays); viewers keep their role. A role change or deactivation ends
 * the account's sessions (their tokens no longer match the account); activating also ends a pending checkout payment.
 */
export async function updateUser(
  services: Pick<Services, 'db' | 'store' | 'bus' | 'config' | 'mailer' | 'log' | 'domainEvents'>,
  actor: Actor,
  input: AdminUserUpdateInput,
): Promise<AdminUserRow> {
  const { db } = services;
  const target = await firstRow(db.select().from(users).where(eq(users.id, input.id)));
  if (!target) throw new DomainError({ code: 'NOT_FOUND', message: adminUsersMessages.userNotFound });
  const before = await db.transaction(async (tx) => {
    // Read again inside the write, so two admins demoting each other at once cannot both pass.
    const current = (await firstRow(tx.select().from(users).where(eq(users.id, input.id))))!;
    await assertAdminChangeAllowed(tx, actor, current, { isActive: input.isActive, role: input.role });
    const roleChanges = input.role !== undefined && input.role !== current.role;
    if (current.role === 'viewer' && roleChanges) throw new DomainError({ code: 'BAD_REQUEST', message: adminUsersMessages.viewerRole });
    if (input.role === 'dj' && roleChanges && !current.creatorTag) throw new DomainError({ code: 'BAD_REQUEST', message: adminUsersMessages.creatorNeedsTag });
    await tx
      .update(users)
      .set({
        ...(input.firstName !== undefined && { firstName: input.firstName }),
        ...(input.lastName !== undefined && { lastName: input.lastName }),
        ...(input.displayName !== undefined && { displayName: input.displayName }),
        ...(input.role !== undefined && { role: input.role }),
        ...activationChange(current, input.isActive),
        updatedAt: nowIso(),
      })
      .where(eq(users.id, target.id));
    return current;
  });
  sessionChanged(services, target.id);
  await announceDeactivation(services, before, input.isActive);
  if (input.isActive === true && !target.isActive && target.role === 'dj') await sendActivationMail(services, target);
  return getUser(db, target.id);
}

/** The spec's login message promises it: "We will send you an email once your account is ready." */
async function sendActivationMail(services: Pick<Services, 'db' | 'config' | 'mailer' | 'log'>, user: UserRow): Promise<void> {
  try {
    const siteName = await siteNameOf(services);
    const locale = requestLocale(user.locale, undefined);
    await services.mailer.send({
      to: user.email,
      subject: translate(locale, userMailMessages.activationSubject, { siteName }),
      text: translate(locale, userMailMessages.activationBody, { firstName: user.firstName, loginUrl: `${publicOrigin(services.config)}/login` }),
    });
  } catch (error) {
    services.log.warn({ err: error, userId: user.id }, 'activation mail failed');
  }
}

export async function sendPasswordReset(services: Services, actor: Actor, id: string): Promise<{ message: string }> {
  const user = await getUser(services.db, id);
  const resetPage = `${publicOrigin(services.config)}/pages/auth/reset-password`;
  // Counted per admin, in the same budget as the public "forgot password" form.
  await requestPasswordReset(services, user.email, resetPage, `admin:${actor.emulatedBy ?? actor.id}`);
  return { message: translate('en', adminUserAnswers.resetLinkSentTo, { email: user.email }) };
}

/** Tells every active admin that a creator waits for activation (a mail each; the Users badge counts them). */
export async function notifyAdminsOfWaitingCreator(services: Pick<Services, 'db' | 'config' | 'mailer' | 'log'>, creator: UserRow): Promise<void> {
  const admins = await services.db.select({ email: users.email, locale: users.locale }).from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
  const link = `${publicOrigin(services.config)}/apps/users/${encodeURIComponent(creator.id)}`;
  const values = { displayName: creator.displayName, email: creator.email, creatorTag: creator.creatorTag ?? '—', link };
  for (const admin of admins) {
    const locale = requestLocale(admin.locale, undefined);
    try {
      await services.mailer.send({
        to: admin.email,
        subject: translate(locale, userMailMessages.waitingCreatorSubject, values),
        text: translate(locale, userMailMessages.waitingCreatorBody, values),
      });
    } catch (error) {
      services.log.warn({ err: error, creatorId: creator.id }, 'waiting-creator notice failed');
    }
  }
}

/** What the platform settings say about new creators, and the admins' notice when one waits (registration and social sign-in). */
export async function creatorActivation(services: Services): Promise<ExternalSignInOptions> {
  return {
    activateCreator: !(await getEffectiveSettings(services)).general.creatorsNeedActivation,
    onCreatorWaiting: (user) => notifyAdminsOfWaitingCreator(services, user),
  };
}
