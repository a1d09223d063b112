import { DomainError } from '@server/platform/errors';

/** How often an open chat or hub subscription re-checks that its reader may still read (access lost → stopped within it). */
export const accessRecheckMs = 2_000;

const recentChecks = new WeakMap<object, Map<string, { at: number; result: Promise<void> }>>();

/**
 * One answer per `key` within `ttlMs`, shared by every open subscription of the app (`scope`: its database) that asks
 * the same question (the same room, the same reader): a room of thousands re-checks once, not once per subscriber.
 */
export function sharedCheck(scope: object, key: string, check: () => Promise<void>, ttlMs = accessRecheckMs / 2): Promise<void> {
  const now = Date.now();
  let checks = recentChecks.get(scope);
  if (!checks) recentChecks.set(scope, (checks = new Map()));
  const recent = checks.get(key);
  if (recent && now - recent.at < ttlMs) return recent.result;
  if (checks.size >= 10_000) for (const [oldKey, old] of checks) if (now - old.at >= ttlMs) checks.delete(oldKey);
  const result = check();
  result.catch(() => {});
  checks.set(key, { at: now, result });
  return result;
}

/**
 * Runs `check` every `everyMs` while a subscription stays open; the first refusal it throws (a DomainError: the same one
 * a new subscription would get) goes to `onLost` and the watch ends. Anything else (a database hiccup) is retried at
 * the next tick. Answers the function that ends the watch.
 */
export function watchAccess(check: () => Promise<void>, onLost: (refusal: DomainError) => void, everyMs = accessRecheckMs): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    check()
      .catch((error: unknown) => {
        if (error instanceof DomainError && !stopped) {
          stop();
          onLost(error);
        }
      })
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
