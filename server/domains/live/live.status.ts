import { busTopic, type BusTopic, type MessageBus } from '@server/platform/bus';
import type { LiveStatusOutput } from './live.schemas';

export type LiveStatusSignal = null;

/** Published on every change of an event's live state or viewer count (on every instance); subscribers read the status again. */
export function liveStatusTopic(eventId: string): BusTopic<LiveStatusSignal> {
  return busTopic<LiveStatusSignal>(`live:${eventId}`);
}

/** A creator's stream key was rotated (on any instance): every instance ends that creator's publishes on an older key. */
export const streamKeyRotatedTopic = busTopic<{ userId: string; origin: string }>('live-keys');

/** The status now and after every change (coalesced: a burst of changes is one update; an unchanged one is skipped). */
export async function* watchLiveStatus(
  bus: MessageBus,
  eventId: string,
  read: () => LiveStatusOutput | Promise<LiveStatusOutput>,
  signal?: AbortSignal,
): AsyncGenerator<LiveStatusOutput> {
  let dirty = true;
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(liveStatusTopic(eventId), () => {
    dirty = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let last = '';
    while (!signal?.aborted) {
      if (dirty) {
        dirty = false;
        const status = await read();
        const key = `${status.state}|${status.viewers}|${status.startedAt}`;
        if (key !== last) {
          last = key;
          yield status;
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
