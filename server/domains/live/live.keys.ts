import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { firstRow, type Db } from '@db/store';
import { liveChannels } from '@db/schema/live';
import { nowIso } from '@server/lib/ids';
import { liveLimits } from './live.schemas';

export type LiveChannelRow = typeof liveChannels.$inferSelect;

/** `live_` + 192 random bits, base64url. Never logged: log lines name the creator, never the key. */
export function newStreamKey(): string {
  return `${liveLimits.streamKeyPrefix}${randomBytes(24).toString('base64url')}`;
}

/** The creator's channel, created (with a fresh key) on first use. */
export async function channelOf(db: Db, userId: string): Promise<LiveChannelRow> {
  const found = await firstRow(db.select().from(liveChannels).where(eq(liveChannels.userId, userId)));
  if (found) return found;
  await db.insert(liveChannels).values({ userId, streamKey: newStreamKey() }).onConflictDoNothing();
  return (await firstRow(db.select().from(liveChannels).where(eq(liveChannels.userId, userId))))!;
}

export async function channelByKey(db: Db, streamKey: string): Promise<LiveChannelRow | undefined> {
  if (!streamKey.startsWith(liveLimits.streamKeyPrefix) || streamKey.length > 200) return undefined;
  return firstRow(db.select().from(liveChannels).where(eq(liveChannels.streamKey, streamKey)));
}

/** A new key for the creator; the old one stops working at once (the caller ends a stream running on it). */
export async function rotateStreamKey(db: Db, userId: string): Promise<LiveChannelRow> {
  await channelOf(db, userId);
  await db.update(liveChannels).set({ streamKey: newStreamKey(), updatedAt: nowIso() }).where(eq(liveChannels.userId, userId));
  return channelOf(db, userId);
}

export async function setShowViewerCount(db: Db, userId: string, showViewerCount: boolean): Promise<LiveChannelRow> {
  await channelOf(db, userId);
  await db.update(liveChannels).set({ showViewerCount, updatedAt: nowIso() }).where(eq(liveChannels.userId, userId));
  return channelOf(db, userId);
}

/** The last refused publish of the creator (the reason and when; never the key). */
export async function recordRefusal(db: Db, userId: string, reason: string): Promise<void> {
  await db.update(liveChannels).set({ lastRefusalReason: reason, lastRefusalAt: nowIso() }).where(eq(liveChannels.userId, userId));
}
