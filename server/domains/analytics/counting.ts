import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import { listenerWindows, mediaRequests } from '@db/schema/analytics';
import { newId } from '@server/lib/ids';
import type { Services } from '@server/services';
import type { MediaItems } from './media-items';

/** A listener's window on one item: 24 hours from their first request for it. */
export const windowMs = 24 * 60 * 60 * 1000;
/** Requests merged per transaction. */
const batchSize = 500;

type Request = typeof mediaRequests.$inferSelect;
type Window = typeof listenerWindows.$inferSelect;
type CountingServices = Pick<Services, 'db' | 'log'>;

/** Adds `[start, end)` to sorted, merged ranges; answers the merged list. */
export function mergeRange(ranges: ReadonlyArray<[number, number]>, start: number, end: number): Array<[number, number]> {
  if (end <= start) return ranges.map(([a, b]) => [a, b]);
  const all = [...ranges.map(([a, b]): [number, number] => [a, b]), [start, end] as [number, number]].sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const range of all) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

const unitsIn = (ranges: ReadonlyArray<[number, number]>) => ranges.reduce((sum, [start, end]) => sum + (end - start), 0);

/**
 * The counting sweep (run once across instances under `analytics-counting`): takes `media_requests` in `at` order,
 * batch by batch, and for each finds the listener's open window for its item (keyed by today's or yesterday's salted
 * key, started within 24 hours before the request), else opens one under today's key; merges the request's units;
 * once they cover the threshold the window counts (`counted_at`, once). Redirected requests (`mode: request`) count
 * the window at its first request. Windows written and requests deleted in one transaction a batch.
 */
export async function countMediaRequests(services: CountingServices, items: MediaItems): Promise<number> {
  let processed = 0;
  for (;;) {
    const batch = await services.db.select().from(mediaRequests).orderBy(asc(mediaRequests.at), asc(mediaRequests.id)).limit(batchSize);
    if (batch.length === 0) return processed;
    await countBatch(services, items, batch);
    processed += batch.length;
    if (batch.length < batchSize) return processed;
  }
}

async function countBatch(services: CountingServices, items: MediaItems, batch: Request[]): Promise<void> {
  // Thresholds first (they may read a file's first bytes): outside the transaction.
  const thresholds = new Map<string, number>();
  for (const request of batch) {
    const key = `${request.itemKind}:${request.itemId}:${request.unitsTotal}`;
    if (thresholds.has(key) || request.mode === 'request') continue;
    const item = { kind: request.itemKind, id: request.itemId, creatorId: request.creatorId, parentId: request.parentId, storageKey: null, durationSeconds: 0 };
    const episode = request.itemKind === 'episode' ? await items.episodeById(request.itemId) : null;
    thresholds.set(key, await items.thresholdOf(episode ?? item, request.unitsTotal));
  }
  const keys = [...new Set(batch.flatMap((request) => (request.previousListenerKey ? [request.listenerKey, request.previousListenerKey] : [request.listenerKey])))];
  const itemIds = [...new Set(batch.map((request) => request.itemId))];
  const earliest = new Date(Date.parse(batch[0]!.at) - windowMs).toISOString();
  const latest = batch[batch.length - 1]!.at;

  await services.db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(listenerWindows)
      .where(and(inArray(listenerWindows.itemId, itemIds), inArray(listenerWindows.listenerKey, keys), gte(listenerWindows.startedAt, earliest), lte(listenerWindows.startedAt, latest)));
    const open = new Map<string, Window[]>();
    const at = (window: Window) => `${window.itemKind}:${window.itemId}:${window.listenerKey}`;
    for (const window of found) open.set(at(window), [...(open.get(at(window)) ?? []), window]);
    const created = new Map<string, Window>();
    const changed = new Set<Window>();

    for (const request of batch) {
      const requestMs = Date.parse(request.at);
      const candidates = [request.listenerKey, request.previousListenerKey]
        .filter((key): key is string => Boolean(key))
        .flatMap((key) => open.get(`${request.itemKind}:${request.itemId}:${key}`) ?? [])
        .filter((window) => Date.parse(window.startedAt) <= requestMs && requestMs - Date.parse(window.startedAt) < windowMs)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
      let window = candidates[0];
      if (!window) {
        const threshold = thresholds.get(`${request.itemKind}:${request.itemId}:${request.unitsTotal}`) ?? 0;
        window = {
          id: newId(),
          itemKind: request.itemKind,
          itemId: request.itemId,
          creatorId: request.creatorId,
          parentId: request.parentId,
          listenerKey: request.listenerKey,
          mode: request.mode,
          startedAt: request.at,
          ranges: [],
          unitsServed: 0,
          thresholdUnits: threshold,
          countedAt: null,
          app: request.app,
          bot: request.bot,
        };
        created.set(window.id, window);
        open.set(at(window), [...(open.get(at(window)) ?? []), window]);
      }
      if (window.countedAt) continue;
      if (request.mode === 'request') {
        window.countedAt = request.at;
      } else {
        window.ranges = mergeRange(window.ranges, request.unitStart, request.unitEnd);
        window.unitsServed = unitsIn(window.ranges);
        if (window.thresholdUnits > 0 && window.unitsServed >= window.thresholdUnits) window.countedAt = request.at;
      }
      if (!created.has(window.id)) changed.add(window);
    }

    const inserts = [...created.values()];
    for (let start = 0; start < inserts.length; start += 200) await tx.insert(listenerWindows).values(inserts.slice(start, start + 200));
    for (const window of changed) {
      await tx
        .update(listenerWindows)
        .set({ ranges: window.ranges, unitsServed: window.unitsServed, countedAt: window.countedAt })
        .where(inArray(listenerWindows.id, [window.id]));
    }
    await tx.delete(mediaRequests).where(
      inArray(
        mediaRequests.id,
        batch.map((request) => request.id),
      ),
    );
  });
}
