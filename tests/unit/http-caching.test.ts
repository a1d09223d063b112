import { describe, expect, it } from 'vitest';
import { bodyEtag, ContentClock, evaluatePreconditions, fileValidators, rangeStillApplies } from '@server/lib/http-caching';

const validators = { etag: '"abc"', lastModified: new Date('2030-01-02T03:04:05.678Z') };
const sent = 'Wed, 02 Jan 2030 03:04:05 GMT';

describe('http caching', () => {
  it('gives the same body the same strong tag, another body another one', () => {
    expect(bodyEtag('<rss/>')).toBe(bodyEtag(Buffer.from('<rss/>')));
    expect(bodyEtag('<rss/>')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(bodyEtag('<rss/> ')).not.toBe(bodyEtag('<rss/>'));
  });

  it('tags a file by its identity, so a rewrite under the same name gets a new tag', () => {
    const file = { ino: 42, size: 1000, mtimeMs: 1_700_000_000_123.4, mtime: new Date(1_700_000_000_123) };
    expect(fileValidators(file).etag).toMatch(/^"[^"W]+"$/);
    expect(fileValidators({ ...file, size: 1001 }).etag).not.toBe(fileValidators(file).etag);
    expect(fileValidators({ ...file, mtimeMs: file.mtimeMs + 1 }).etag).not.toBe(fileValidators(file).etag);
  });

  it('answers 304 for a matching If-None-Match (weak comparison, lists, *) and ignores If-Modified-Since then', () => {
    const check = (headers: Record<string, string>) => evaluatePreconditions('GET', headers, validators);
    expect(check({ 'if-none-match': '"abc"' })).toBe('not-modified');
    expect(check({ 'if-none-match': 'W/"abc"' })).toBe('not-modified');
    expect(check({ 'if-none-match': '"x", "abc"' })).toBe('not-modified');
    expect(check({ 'if-none-match': '*' })).toBe('not-modified');
    expect(check({ 'if-none-match': '"old"', 'if-modified-since': sent })).toBe('proceed');
    expect(evaluatePreconditions('HEAD', { 'if-none-match': '"abc"' }, validators)).toBe('not-modified');
  });

  it('answers 304 for If-Modified-Since at or after the second sent, and ignores a date it cannot read', () => {
    const check = (date: string) => evaluatePreconditions('GET', { 'if-modified-since': date }, validators);
    expect(check(sent)).toBe('not-modified');
    expect(check('Wed, 02 Jan 2030 03:04:04 GMT')).toBe('proceed');
    expect(check('yesterday')).toBe('proceed');
  });

  it('fails If-Match (strong only) and If-Unmodified-Since preconditions with 412', () => {
    expect(evaluatePreconditions('GET', { 'if-match': '"other"' }, validators)).toBe('precondition-failed');
    expect(evaluatePreconditions('GET', { 'if-match': 'W/"abc"' }, validators)).toBe('precondition-failed');
    expect(evaluatePreconditions('GET', { 'if-match': '"abc"' }, validators)).toBe('proceed');
    expect(evaluatePreconditions('GET', { 'if-unmodified-since': 'Wed, 02 Jan 2030 03:04:04 GMT' }, validators)).toBe('precondition-failed');
  });

  it('applies a Range only when If-Range names the current version exactly', () => {
    expect(rangeStillApplies({}, validators)).toBe(true);
    expect(rangeStillApplies({ 'if-range': '"abc"' }, validators)).toBe(true);
    expect(rangeStillApplies({ 'if-range': '"old"' }, validators)).toBe(false);
    expect(rangeStillApplies({ 'if-range': 'W/"abc"' }, validators)).toBe(false);
    expect(rangeStillApplies({ 'if-range': sent }, validators)).toBe(true);
    expect(rangeStillApplies({ 'if-range': 'Wed, 02 Jan 2030 04:00:00 GMT' }, validators)).toBe(false);
  });

  it('dates a generated answer from when its body first went out, and never gives two versions one date', () => {
    const clock = new ContentClock();
    const t0 = Date.parse('2030-01-02T03:04:05.500Z');
    expect(clock.lastModified('feed', '"v1"', t0).toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(clock.lastModified('feed', '"v1"', t0 + 60_000).toISOString()).toBe('2030-01-02T03:04:05.000Z');
    // A new version in the same second still moves the date, so a client holding v1 does not get a 304.
    const v2 = clock.lastModified('feed', '"v2"', t0 + 200);
    expect(v2.getTime()).toBeGreaterThan(Date.parse('2030-01-02T03:04:05.000Z'));
    expect(clock.lastModified('feed', '"v3"', t0 + 120_000).toISOString()).toBe('2030-01-02T03:06:05.000Z');
    expect(clock.lastModified('other', '"v1"', t0 + 120_000).toISOString()).toBe('2030-01-02T03:06:05.000Z');
  });

  it('forgets the least recently used answers past its capacity', () => {
    const clock = new ContentClock(2);
    clock.lastModified('a', '"1"', 1_000);
    clock.lastModified('b', '"1"', 2_000);
    clock.lastModified('a', '"1"', 3_000);
    clock.lastModified('c', '"1"', 4_000);
    expect(clock.lastModified('a', '"1"', 9_000).getTime()).toBe(1_000);
    expect(clock.lastModified('b', '"1"', 9_000).getTime()).toBe(9_000);
  });
});
