import { describe, expect, it } from 'vitest';
import { parseByteRange } from '@server/platform/serve-uploads';
import { contentTypeOf } from '@server/platform/storage';

describe('byte ranges of stored files (as @fastify/send read them)', () => {
  it('reads one range, an open end and a suffix, clamped to the size', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('answers the whole file for another unit and for ranges that do not merge into one; overlapping ones merge', () => {
    expect(parseByteRange('items=0-9', 100)).toBeNull();
    expect(parseByteRange('bytes=0-9,20-29', 100)).toBeNull();
    expect(parseByteRange('bytes=0-9,5-19', 100)).toEqual({ start: 0, end: 19 });
  });

  it('finds nothing satisfiable past the end, in a reversed range or in an empty file', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=9-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=abc', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-0', 0)).toBe('unsatisfiable');
  });
});

describe('content types by key', () => {
  it('names what we store as our routes always answered it', () => {
    expect(contentTypeOf('uploads/a.mp3')).toBe('audio/mpeg');
    expect(contentTypeOf('uploads/a.m4a')).toBe('audio/mp4');
    expect(contentTypeOf('uploads/a.vtt')).toBe('text/vtt; charset=utf-8');
    expect(contentTypeOf('live/s/seg_1.ts')).toBe('video/mp2t');
    expect(contentTypeOf('recordings/r/r.mp4')).toBe('video/mp4');
    expect(contentTypeOf('uploads/a.bin')).toBe('application/octet-stream');
  });
});
