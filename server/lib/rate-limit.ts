import { TRPCError } from '@trpc/server';

export const tooManyAttemptsMessage = 'Too many attempts. Please wait a minute and try again.';

/**
 * Fixed-window counter kept in memory. It runs inside procedures, so the REST shims and
 * tRPC share one budget per key.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(bucket: string, key: string, max: number, windowSeconds: number): void {
    const id = `${bucket}:${key}`;
    const time = this.now();
    let window = this.windows.get(id);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + windowSeconds * 1000 };
      this.windows.set(id, window);
      if (this.windows.size > 50_000) this.sweep(time);
    }
    window.count += 1;
    if (window.count > max) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage });
    }
  }

  private sweep(time: number): void {
    for (const [id, window] of this.windows) if (window.resetAt <= time) this.windows.delete(id);
  }
}
