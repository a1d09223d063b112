import { describe, expect, it } from 'vitest';
import { pushBackoffMs } from '@server/domains/push/push.worker';
import { classify, parseRetryAfter } from '@server/providers/push/web-push';
import { readableOn } from '@web/features/mobile-app/phone-preview';

describe('push service answers', () => {
  it('sorts statuses into delivered, gone, retry and rejected', () => {
    expect(classify(201, null, '')).toEqual({ kind: 'delivered', status: 201 });
    expect(classify(410, null, '')).toEqual({ kind: 'gone', status: 410 });
    expect(classify(404, null, '')).toEqual({ kind: 'gone', status: 404 });
    expect(classify(429, '7', 'slow down')).toMatchObject({ kind: 'retry', status: 429, retryAfterMs: 7000 });
    expect(classify(503, null, '')).toMatchObject({ kind: 'retry', status: 503, retryAfterMs: null });
    expect(classify(400, null, 'bad')).toMatchObject({ kind: 'rejected', status: 400 });
    expect(classify(413, null, '')).toMatchObject({ kind: 'rejected', status: 413 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('backs off 5 s, 20 s, 80 s, 5 min 20 s, then 15 min', () => {
    expect([1, 2, 3, 4, 5, 6].map(pushBackoffMs)).toEqual([5_000, 20_000, 80_000, 320_000, 900_000, 900_000]);
  });
});

describe('phone preview', () => {
  it('writes the app name in whichever of black or white reads on the background', () => {
    expect(readableOn('#ffffff')).toBe('#0f172a');
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#1d4ed8')).toBe('#ffffff');
    expect(readableOn('#fde68a')).toBe('#0f172a');
  });
});
