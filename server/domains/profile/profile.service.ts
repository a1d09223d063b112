import { DomainError } from '@server/platform/errors';
import { and, asc, eq } from 'drizzle-orm';
import { fieldError } from '@server/platform/errors';
import { invoices, users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import { removeUploads } from '@server/platform/uploads';
import { findUserById, toSessionUser } from '@server/domains/users/session-reads';
import type { SessionUser } from '@server/domains/users/users.schemas';
import type { Services as AllServices } from '@server/services';
import type { Actor, UserRow } from '@server/platform/actor';
import { creatorOnlyProfileFields, profileMessages, type PlanStatus, type Profile, type ProfileUpdateInput } from './profile.schemas';

type Services = Pick<AllServices, 'db' | 'store' | 'config' | 'storage'>;

/** Creators and admins have the creator fields; staff and `user` accounts have their names, email and photo. */
function isCreatorRole(role: string): boolean {
  return role === 'admin' || role === 'dj';
}

function toProfile(user: UserRow): Profile {
  const isCreator = isCreatorRole(user.role);
  return {
    id: user.id,
    isCreator,
    email: user.email,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    description: isCreator ? user.description : '',
    imageUrl: user.imageUrl,
    streamValue: isCreator ? user.streamValue : null,
    creatorTag: isCreator ? user.creatorTag : null,
    eventPagePath: isCreator && user.creatorTag ? `/events/${encodeURIComponent(user.creatorTag)}` : null,
    notifyNewPayments: isCreator && user.notifyNewPayments,
  };
}

export async function getProfile(services: Services, actor: Actor): Promise<Profile> {
  return toProfile((await findUserById(services, actor.id))!);
}

async function answer(services: Services, userId: string): Promise<{ profile: Profile; user: SessionUser }> {
  const user = (await findUserById(services, userId))!;
  return { profile: toProfile(user), user: await toSessionUser(services, user) };
}

/** A site served over https cannot play an http:// stream (the browser blocks mixed content): refuse it when saved. */
function refuseInsecureStream(services: Services, streamValue: string | null | undefined): void {
  if (!streamValue || !services.config.publicUrl?.startsWith('https:')) return;
  if (/^http:/i.test(streamValue.trim())) throw fieldError('BAD_REQUEST', profileMessages.httpsStream, { streamValue: profileMessages.httpsStream });
}

export async function updateProfile(services: Services, actor: Actor, input: ProfileUpdateInput) {
  if (!isCreatorRole(actor.role) && creatorOnlyProfileFields.some((field) => input[field] !== undefined)) {
    throw new DomainError({ code: 'FORBIDDEN', message: profileMessages.creatorOnly });
  }
  refuseInsecureStream(services, input.streamValue);
  await services.db
    .update(users)
    .set({
      ...(input.displayName !== undefined && { displayName: input.displayName }),
      ...(input.firstName !== undefined && { firstName: input.firstName }),
      ...(input.lastName !== undefined && { lastName: input.lastName }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.streamValue !== undefined && { streamValue: input.streamValue || null }),
      ...(input.notifyNewPayments !== undefined && { notifyNewPayments: input.notifyNewPayments }),
      updatedAt: nowIso(),
    })
    .where(eq(users.id, actor.id));
  return answer(services, actor.id);
}

/** Sets (or with null, removes) the avatar; a previously uploaded avatar file is deleted. */
export async function setAvatar(services: Services, actor: Actor, imageUrl: string | null) {
  // One transaction: the avatar file removed is the one this change replaced.
  const before = await services.db.transaction(async (tx) => {
    const row = (await findUserById(services, actor.id))!;
    await tx.update(users).set({ imageUrl, updatedAt: nowIso() }).where(eq(users.id, actor.id));
    return row;
  });
  if (before.imageUrl !== imageUrl) await removeUploads(services.storage, [before.imageUrl]);
  return answer(services, actor.id);
}

export async function planStatusOf(services: Services, actor: Actor): Promise<PlanStatus> {
  const open = await services.db
    .select({ id: invoices.id, amountCents: invoices.amountCents, createdAt: invoices.createdAt })
    .from(invoices)
    .where(and(eq(invoices.userId, actor.id), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.createdAt));
  return { accountActive: actor.user.isActive, openInvoices: open };
}
