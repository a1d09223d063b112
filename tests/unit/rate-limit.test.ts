import { describe, expect, it } from 'vitest';
import { RateLimiter, tooManyAttemptsMessage } from '@server/platform/rate-limit';

describe('RateLimiter', () => {
  it('allows `limit` hits in any window, refuses the next with the time to wait, and frees slots one by one', async () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) {
      now = i * 10_000;
      expect(await limiter.hit('login:ip', rule)).toMatchObject({ allowed: true, remaining: 2 - i });
    }
    now = 30_000;
    expect(await limiter.hit('login:ip', rule)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 30_000 });
    expect((await limiter.hit('login:other-ip', rule)).allowed).toBe(true);
    now = 60_000; // the first hit (at 0) has left the window: one slot, not three
    expect((await limiter.hit('login:ip', rule)).allowed).toBe(true);
    expect((await limiter.hit('login:ip', rule)).allowed).toBe(false);
  });

  it('a window edge never resets the count early (no burst of 2 × limit around a boundary)', async () => {
    let now = 59_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 5, windowMs: 60_000 };
    for (let i = 0; i < 5; i += 1) expect((await limiter.hit('k', rule)).allowed).toBe(true);
    now = 61_000; // a fixed window would have started afresh at 60 000
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    now = 119_000;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('refused hits do not extend the wait', async () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 1, windowMs: 1_000 };
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    for (now = 100; now < 1_000; now += 100) expect((await limiter.hit('k', rule)).allowed).toBe(false);
    now = 1_000;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('consume throws a 429 with the spec-style message, or the one it is given', async () => {
    const limiter = new RateLimiter(() => 0);
    await limiter.consume('chat:sender', { limit: 1, windowMs: 2_000 });
    await expect(limiter.consume('chat:sender', { limit: 1, windowMs: 2_000 })).rejects.toThrow(tooManyAttemptsMessage);
    await expect(limiter.consume('chat:sender', { limit: 1, windowMs: 2_000 }, 'Slow down')).rejects.toThrow('Slow down');
  });
});
