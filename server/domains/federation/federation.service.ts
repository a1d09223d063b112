import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { federationBlocks, federationFollowers, federationSettings } from '@db/schema/federation';
import { users } from '@db/schema/users';
import { changedRows, firstRow, type Db } from '@db/store';
import { isUniqueViolation } from '@db/portable-sql';
import { newId, nowIso } from '@server/lib/ids';
import { DomainError } from '@server/platform/errors';
import type { Services } from '@server/services';
import { federationMessages, federationOffReason, type BlockInput, type FollowersOutput, type SettingsInput, type SettingsOutput } from './federation.schemas';

/** Blocks made by an admin for the whole instance carry this scope instead of a creator's id. */
export const instanceScope = 'instance';

export type FederationServices = Pick<Services, 'db' | 'config'>;

export interface ActorAccount {
  id: string;
  creatorTag: string;
  displayName: string;
  description: string;
  imageUrl: string | null;
}

/**
 * The account behind `/c/{tag}` as an actor: exactly the accounts whose creator page answers (an active creator or
 * admin with that tag); `gone` for such an account an admin deactivated (its actor answers 410); null otherwise.
 */
export async function actorAccount(services: FederationServices, tag: string): Promise<{ gone: false; account: ActorAccount } | { gone: true; id: string; tag: string } | null> {
  // The creator page's rule (public-pages' activeCreatorByTag): a creator or admin with that tag, any case.
  const row = await firstRow(
    services.db
      .select({ id: users.id, creatorTag: users.creatorTag, displayName: users.displayName, description: users.description, imageUrl: users.imageUrl, isActive: users.isActive, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${tag})`, inArray(users.role, ['dj', 'admin'])))
      .limit(1),
  );
  if (!row?.creatorTag) return null;
  const { isActive, deactivatedAt, ...account } = row;
  if (isActive) return { gone: false, account: { ...account, creatorTag: row.creatorTag } };
  return deactivatedAt ? { gone: true, id: row.id, tag: row.creatorTag } : null;
}

/** The cause of the "switched off" answer: its code tells the web app what it is (federationOffReason). */
class FederationOff extends Error {
  readonly refusalReason = federationOffReason;
  override readonly name = 'FederationOff';
}

/** NOT_FOUND "The Fediverse is switched off on this server", with its code. */
export function federationOffError(): DomainError {
  return new DomainError({ code: 'NOT_FOUND', message: federationMessages.notEnabled, cause: new FederationOff(federationMessages.notEnabled) });
}

export function publicOrigin(services: Pick<Services, 'config'>): string {
  if (!services.config.publicUrl) throw federationOffError();
  return services.config.publicUrl;
}

/** `@tag@host`, host from PUBLIC_URL. */
export function handleOf(services: Pick<Services, 'config'>, tag: string): string {
  return `@${tag}@${new URL(publicOrigin(services)).host}`;
}

export interface CreatorSettings {
  approveFollowers: boolean;
  publish: boolean;
  hashtags: string[];
}

const defaultSettings: CreatorSettings = { approveFollowers: false, publish: true, hashtags: [] };

/** Marks a deactivated actor's Delete as sent; true for the one caller (across instances) that should send it. */
export async function claimActorDelete(db: Db, userId: string): Promise<boolean> {
  await db.insert(federationSettings).values({ userId }).onConflictDoNothing();
  return (await changedRows(db.update(federationSettings).set({ deletedAt: nowIso() }).where(and(eq(federationSettings.userId, userId), isNull(federationSettings.deletedAt))))) > 0;
}

export async function creatorSettings(db: Db, userId: string): Promise<CreatorSettings> {
  const row = await firstRow(db.select().from(federationSettings).where(eq(federationSettings.userId, userId)));
  return row ? { approveFollowers: row.approveFollowers, publish: row.publish, hashtags: row.hashtags } : defaultSettings;
}

export async function creatorTagOf(db: Db, userId: string): Promise<string> {
  const row = await firstRow(db.select({ creatorTag: users.creatorTag }).from(users).where(eq(users.id, userId)));
  if (!row?.creatorTag) throw new DomainError({ code: 'NOT_FOUND', message: federationMessages.noCreatorPage });
  return row.creatorTag;
}

export async function getSettings(services: FederationServices, userId: string): Promise<SettingsOutput> {
  return { handle: handleOf(services, await creatorTagOf(services.db, userId)), ...(await creatorSettings(services.db, userId)) };
}

export async function updateSettings(services: FederationServices, userId: string, input: SettingsInput): Promise<SettingsOutput> {
  const next = { ...(await creatorSettings(services.db, userId)), ...input };
  if (input.hashtags) next.hashtags = [...new Set(input.hashtags)];
  await services.db
    .insert(federationSettings)
    .values({ userId, ...next, updatedAt: nowIso() })
    .onConflictDoUpdate({ target: federationSettings.userId, set: { ...next, updatedAt: nowIso() } });
  return getSettings(services, userId);
}

export interface RemoteFollower {
  actorId: string;
  handle: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
}

/** Stores (or renews) a remote follower; answers its row id and whether it waits for the creator's approval. */
export async function storeFollower(db: Db, userId: string, follower: RemoteFollower, approveFollowers: boolean): Promise<{ id: string; status: 'pending' | 'accepted' }> {
  const existing = await firstRow(db.select().from(federationFollowers).where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.actorId, follower.actorId))));
  // Once accepted, a repeated Follow stays accepted (the remote server lost its state): it gets a new Accept.
  const status = existing?.status === 'accepted' || !approveFollowers ? 'accepted' : 'pending';
  if (existing) {
    await db
      .update(federationFollowers)
      .set({ ...follower, status })
      .where(eq(federationFollowers.id, existing.id));
    return { id: existing.id, status };
  }
  const id = newId();
  try {
    await db.insert(federationFollowers).values({ id, userId, ...follower, status });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return storeFollower(db, userId, follower, approveFollowers);
  }
  return { id, status };
}

export async function removeFollowerByActor(db: Db, userId: string, actorId: string): Promise<void> {
  await db.delete(federationFollowers).where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.actorId, actorId)));
}

export type FollowerRow = typeof federationFollowers.$inferSelect;

export async function followerById(db: Db, userId: string, followerId: string): Promise<FollowerRow> {
  const row = await firstRow(db.select().from(federationFollowers).where(and(eq(federationFollowers.id, followerId), eq(federationFollowers.userId, userId))));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: federationMessages.followerNotFound });
  return row;
}

export async function markAccepted(db: Db, followerId: string): Promise<void> {
  await db.update(federationFollowers).set({ status: 'accepted' }).where(eq(federationFollowers.id, followerId));
}

export async function deleteFollower(db: Db, followerId: string): Promise<void> {
  await db.delete(federationFollowers).where(eq(federationFollowers.id, followerId));
}

/** The creator's Fediverse page: followers (pending first), counts and their blocks. */
export async function listFollowers(services: FederationServices, userId: string): Promise<FollowersOutput> {
  const rows = await services.db
    .select()
    .from(federationFollowers)
    .where(eq(federationFollowers.userId, userId))
    .orderBy(sql`case when ${federationFollowers.status} = 'pending' then 0 else 1 end`, asc(federationFollowers.createdAt), asc(federationFollowers.id));
  const blocks = await listBlocks(services.db, userId);
  return {
    followers: rows.map((row) => ({ id: row.id, actorId: row.actorId, handle: row.handle, status: row.status, createdAt: row.createdAt })),
    count: rows.filter((row) => row.status === 'accepted').length,
    pending: rows.filter((row) => row.status === 'pending').length,
    blocks,
  };
}

/** Accepted followers of a creator that no block (the creator's or the instance's) excludes: who gets deliveries. */
export async function deliverableFollowers(db: Db, userId: string): Promise<FollowerRow[]> {
  const rows = await db.select().from(federationFollowers).where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.status, 'accepted')));
  const blocks = await db.select().from(federationBlocks).where(inArray(federationBlocks.scope, [userId, instanceScope]));
  return rows.filter((row) => !matchesBlock(blocks, row.actorId));
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

type BlockRow = typeof federationBlocks.$inferSelect;

function matchesBlock(blocks: BlockRow[], actorId: string): boolean {
  const host = hostOf(actorId);
  return blocks.some((block) => (block.kind === 'actor' ? block.value === actorId : host !== null && (host === block.value || host.endsWith(`.${block.value}`))));
}

/**
 * Whether a remote actor is blocked: by the instance (an admin), or by one of `creatorIds`. A domain block covers its
 * subdomains; the host compared includes a non-default port (loopback peers in tests).
 */
export async function isBlocked(db: Db, actorIds: string[], creatorIds: string[]): Promise<boolean> {
  const hosts = actorIds.map(hostOf).filter((host): host is string => host !== null);
  const candidates = [...new Set([...hosts, ...hosts.flatMap((host) => host.split('.').map((_, index, parts) => parts.slice(index).join('.'))), ...actorIds])];
  if (!candidates.length) return false;
  const rows = await db
    .select()
    .from(federationBlocks)
    .where(and(inArray(federationBlocks.scope, [instanceScope, ...creatorIds]), inArray(federationBlocks.value, candidates)));
  return actorIds.some((actorId) => matchesBlock(rows, actorId));
}

export async function listBlocks(db: Db, scope: string): Promise<FollowersOutput['blocks']> {
  const rows = await db.select().from(federationBlocks).where(eq(federationBlocks.scope, scope)).orderBy(asc(federationBlocks.createdAt), asc(federationBlocks.id));
  return rows.map((row) => ({ id: row.id, kind: row.kind, value: row.value, createdAt: row.createdAt }));
}

/** Blocks an actor or a domain for a creator (or the instance); blocking twice is one block. */
export async function addBlock(db: Db, scope: string, input: BlockInput): Promise<FollowersOutput['blocks'][number]> {
  const existing = await firstRow(db.select().from(federationBlocks).where(and(eq(federationBlocks.scope, scope), eq(federationBlocks.kind, input.kind), eq(federationBlocks.value, input.value))));
  if (existing) return { id: existing.id, kind: existing.kind, value: existing.value, createdAt: existing.createdAt };
  const row = { id: newId(), scope, kind: input.kind, value: input.value, createdAt: nowIso() };
  await db.insert(federationBlocks).values(row).onConflictDoNothing();
  return { id: row.id, kind: row.kind, value: row.value, createdAt: row.createdAt };
}

export async function removeBlock(db: Db, scope: string, blockId: string): Promise<void> {
  const row = await firstRow(db.select({ id: federationBlocks.id }).from(federationBlocks).where(and(eq(federationBlocks.id, blockId), eq(federationBlocks.scope, scope))));
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: federationMessages.blockNotFound });
  await db.delete(federationBlocks).where(eq(federationBlocks.id, blockId));
}

/** NodeInfo's user counts: accounts that are actors (active creators and admins with a tag). */
export async function actorCounts(db: Db): Promise<number> {
  const row = await firstRow(
    db
      .select({ total: count() })
      .from(users)
      .where(and(isNotNull(users.creatorTag), inArray(users.role, ['dj', 'admin']), eq(users.isActive, true))),
  );
  return row?.total ?? 0;
}

