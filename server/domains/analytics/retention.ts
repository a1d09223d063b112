import { and, asc, count, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { listenerWindows, mediaDailyCounts } from '@db/schema/analytics';
import type { Services } from '@server/services';
import { rollUpOldLiveAudiences } from './live-retention';

/** Raw counting rows (listener windows, viewer minutes) are kept this long, then rolled up into daily aggregates. */
export const retentionDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
/** Windows rolled up per transaction. */
const batchSize = 1_000;

type RetentionServices = Pick<Services, 'db' | 'clock'>;

/**
 * The retention sweep (once across instances, `analytics-retention`): listener windows started more than 30 days
 * ago are added into `media_daily_counts` (by the UTC day they counted, adding to a row already there) and deleted,
 * uncounted ones just deleted; then the live audiences of events ended before the cutoff are rolled up
 * (live-retention.ts). Answers how many windows it removed.
 */
export async function rollUpOldAudiences(services: RetentionServices): Promise<number> {
  const cutoffIso = new Date(services.clock.now() - retentionDays * dayMs).toISOString();
  let removed = 0;
  for (;;) {
    const done = await services.db.transaction(async (tx) => {
      const old = await tx
        .select({ id: listenerWindows.id })
        .from(listenerWindows)
        .where(lt(listenerWindows.startedAt, cutoffIso))
        .orderBy(asc(listenerWindows.startedAt))
        .limit(batchSize);
      if (old.length === 0) return true;
      const ids = old.map((row) => row.id);
      const day = sql<string>`substr(${listenerWindows.countedAt}, 1, 10)`;
      const totals = await tx
        .select({
          day,
          itemKind: listenerWindows.itemKind,
          itemId: listenerWindows.itemId,
          creatorId: sql<string>`min(${listenerWindows.creatorId})`,
          parentId: sql<string | null>`min(${listenerWindows.parentId})`,
          app: listenerWindows.app,
          bot: listenerWindows.bot,
          downloads: count(),
        })
        .from(listenerWindows)
        .where(and(inArray(listenerWindows.id, ids), isNotNull(listenerWindows.countedAt)))
        .groupBy(day, listenerWindows.itemKind, listenerWindows.itemId, listenerWindows.app, listenerWindows.bot);
      for (const row of totals) {
        await tx
          .insert(mediaDailyCounts)
          .values({ ...row, downloads: Number(row.downloads) })
          .onConflictDoUpdate({
            target: [mediaDailyCounts.day, mediaDailyCounts.itemKind, mediaDailyCounts.itemId, mediaDailyCounts.app, mediaDailyCounts.bot],
            set: { downloads: sql`${mediaDailyCounts.downloads} + ${Number(row.downloads)}` },
          });
      }
      await tx.delete(listenerWindows).where(inArray(listenerWindows.id, ids));
      removed += ids.length;
      return old.length < batchSize;
    });
    if (done) break;
  }
  await rollUpOldLiveAudiences(services.db, cutoffIso);
  return removed;
}
