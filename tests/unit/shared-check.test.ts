import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedCheck } from '@server/platform/access-watch';

describe('sharedCheck: open subscriptions asking the same question share one answer', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once per key and scope within the window, again after it', async () => {
    vi.useFakeTimers();
    const scope = {};
    const check = vi.fn(async () => {});
    await Promise.all(Array.from({ length: 1000 }, () => sharedCheck(scope, 'open-room:e1', check, 1000)));
    expect(check).toHaveBeenCalledTimes(1);
    await sharedCheck(scope, 'open-room:e2', check, 1000);
    await sharedCheck({}, 'open-room:e1', check, 1000);
    expect(check).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    await sharedCheck(scope, 'open-room:e1', check, 1000);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('shares a refusal too, so every subscriber of the room is ended by it', async () => {
    const scope = {};
    const refusal = new Error('Buy access to join this chat');
    const check = vi.fn(async () => {
      throw refusal;
    });
    const answers = await Promise.allSettled([sharedCheck(scope, 'k', check), sharedCheck(scope, 'k', check)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
