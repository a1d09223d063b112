import { describe, expect, it } from 'vitest';
import { RateLimiter, tooManyAttemptsMessage } from '@server/lib/rate-limit';

describe('RateLimiter', () => {
  it('allows max hits per window, refuses the next, and opens again after the window', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i += 1) limiter.hit('login', 'ip', 3, 60);
    expect(() => limiter.hit('login', 'ip', 3, 60)).toThrow(tooManyAttemptsMessage);
    expect(() => limiter.hit('login', 'other-ip', 3, 60)).not.toThrow();
    now = 60_000;
    expect(() => limiter.hit('login', 'ip', 3, 60)).not.toThrow();
  });
});
