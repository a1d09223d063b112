import { and, count, countDistinct, eq, inArray, notExists, sql } from 'drizzle-orm';
import { liveEventAudiences, liveViewerMinutes } from '@db/schema/analytics';
import { events } from '@db/schema/events';
import { liveSessions } from '@db/schema/live';
import type { Db } from '@db/store';

/** How many events one pass rolls up at most (the sweep runs again on its next turn). */
const eventsPerPass = 200;

/**
 * Rolls up the viewer minutes of events whose last session ended before `cutoffIso` (and none is live or ended
 * later): each event's minutes become one `live_event_audiences` row (unique viewers, seconds watched; added to a row
 * already there) and are deleted. Called by the retention sweep (once across instances).
 */
export async function rollUpOldLiveAudiences(db: Db, cutoffIso: string): Promise<void> {
  const recentSession = db
    .select({ one: sql`1` })
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.eventId, liveViewerMinutes.eventId),
        sql`(${liveSessions.endedAt} is null or ${liveSessions.endedAt} >= ${cutoffIso})`,
      ),
    );
  const candidates = await db
    .select({ eventId: liveViewerMinutes.eventId })
    .from(liveViewerMinutes)
    .where(notExists(recentSession))
    .groupBy(liveViewerMinutes.eventId)
    .having(sql`max(${liveViewerMinutes.minute}) < ${cutoffIso}`)
    .limit(eventsPerPass);
  for (const { eventId } of candidates) await rollUpEvent(db, eventId);
}

async function rollUpEvent(db: Db, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [totals] = await tx
      .select({ unique: countDistinct(liveViewerMinutes.viewerKey), minutes: count() })
      .from(liveViewerMinutes)
      .where(eq(liveViewerMinutes.eventId, eventId));
    const [owner] = await tx.select({ creatorId: events.userId }).from(events).where(eq(events.id, eventId));
    const creatorId =
      owner?.creatorId ??
      (await tx.select({ creatorId: liveSessions.userId }).from(liveSessions).where(eq(liveSessions.eventId, eventId)).limit(1))[0]?.creatorId;
    if (totals && totals.minutes > 0 && creatorId) {
      const watchedSeconds = totals.minutes * 60;
      await tx
        .insert(liveEventAudiences)
        .values({ eventId, creatorId, uniqueViewers: totals.unique, watchedSeconds })
        .onConflictDoUpdate({
          target: liveEventAudiences.eventId,
          set: {
            uniqueViewers: sql`${liveEventAudiences.uniqueViewers} + ${totals.unique}`,
            watchedSeconds: sql`${liveEventAudiences.watchedSeconds} + ${watchedSeconds}`,
          },
        });
    }
    await tx.delete(liveViewerMinutes).where(inArray(liveViewerMinutes.eventId, [eventId]));
  });
}
