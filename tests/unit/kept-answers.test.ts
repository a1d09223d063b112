import { describe, expect, it, vi } from 'vitest';
import { checkedOnce, isKeptAnswer, jsonOnce, keepAnswer } from '@server/platform/kept-answers';

describe('kept answers', () => {
  it('are frozen through and through, so nothing changes them after their check', () => {
    const answer = keepAnswer({ token: 't', user: { id: 'u1', role: ['creator'] } });
    expect(isKeptAnswer(answer)).toBe(true);
    expect(() => {
      (answer.user.role as string[]).push('admin');
    }).toThrow(TypeError);
    expect(() => {
      (answer.user as { id: string }).id = 'u2';
    }).toThrow(TypeError);
  });

  it('are checked and serialized once; other answers every time', () => {
    const parse = vi.fn((value: unknown) => ({ ...(value as object) }));
    const kept = keepAnswer({ token: 't', user: { id: 'u1' } });
    const first = checkedOnce(kept, parse);
    expect(checkedOnce(kept, parse)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(isKeptAnswer(first)).toBe(true);
    expect(jsonOnce(first)).toBe('{"token":"t","user":{"id":"u1"}}');
    expect(jsonOnce(first)).toBe(jsonOnce(first));

    const fresh = { token: 't', user: { id: 'u1' } };
    checkedOnce(fresh, parse);
    checkedOnce(fresh, parse);
    expect(parse).toHaveBeenCalledTimes(3);
    fresh.user.id = 'u2';
    expect(jsonOnce(fresh)).toBe('{"token":"t","user":{"id":"u2"}}');
  });

  it('let a failing check fail every time', () => {
    const kept = keepAnswer({ token: 1 });
    const parse = () => {
      throw new Error('Output validation failed');
    };
    expect(() => checkedOnce(kept, parse)).toThrow('Output validation failed');
    expect(() => checkedOnce(kept, parse)).toThrow('Output validation failed');
  });
});
