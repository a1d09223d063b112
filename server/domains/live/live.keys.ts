import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { liveChannels } from '@db/schema/live';
import { nowIso } from '@server/lib/ids';
import { liveLimits } from './live.schemas';

export type LiveChannelRow = typeof liveChannels.$inferSelect;

/** `live_` + 192 random bits, base64url. Never logged: log lines name the creator, never the key. */
export function newStreamKey(): string {
  return `${liveLimits.streamKeyPrefix}${randomBytes(24).toString('base64url')}`;
}

/** The creator's channel, created (with a fresh key) on first use. */
export function channelOf(db: Db, userId: string): LiveChannelRow {
  const found = db.select().from(liveChannels).where(eq(liveChannels.userId, userId)).get();
  if (found) return found;
  db.insert(liveChannels).values({ userId, streamKey: newStreamKey() }).onConflictDoNothing().run();
  return db.select().from(liveChannels).where(eq(liveChannels.userId, userId)).get()!;
}

export function channelByKey(db: Db, streamKey: string): LiveChannelRow | undefined {
  if (!streamKey.startsWith(liveLimits.streamKeyPrefix) || streamKey.length > 200) return undefined;
  return db.select().from(liveChannels).where(eq(liveChannels.streamKey, streamKey)).get();
}

/** A new key for the creator; the old one stops working at once (the caller ends a stream running on it). */
export function rotateStreamKey(db: Db, userId: string): LiveChannelRow {
  channelOf(db, userId);
  db.update(liveChannels).set({ streamKey: newStreamKey(), updatedAt: nowIso() }).where(eq(liveChannels.userId, userId)).run();
  return channelOf(db, userId);
}

export function setShowViewerCount(db: Db, userId: string, showViewerCount: boolean): LiveChannelRow {
  channelOf(db, userId);
  db.update(liveChannels).set({ showViewerCount, updatedAt: nowIso() }).where(eq(liveChannels.userId, userId)).run();
  return channelOf(db, userId);
}

/** The last refused publish of the creator (the reason and when; never the key). */
export function recordRefusal(db: Db, userId: string, reason: string): void {
  db.update(liveChannels).set({ lastRefusalReason: reason, lastRefusalAt: nowIso() }).where(eq(liveChannels.userId, userId)).run();
}
