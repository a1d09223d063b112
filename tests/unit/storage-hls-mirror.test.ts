import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HlsMirror, playlistUris } from '@server/domains/live/live.mirror';
import { DiskStorage, type Storage } from '@server/platform/storage';

/** A storage that records what was put or deleted, in order (a disk storage underneath). */
function recording(storage: Storage) {
  const log: string[] = [];
  const wrapped: Storage = Object.create(storage) as Storage;
  wrapped.put = async (key, body) => {
    log.push(`put ${key}`);
    return storage.put(key, body);
  };
  wrapped.delete = async (keys) => {
    for (const key of typeof keys === 'string' ? [keys] : keys) log.push(`delete ${key}`);
    return storage.delete(keys);
  };
  return { storage: wrapped, log };
}

const quiet = { warn: () => undefined };

const media = (segments: string[], end = false) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', ...segments.flatMap((segment) => ['#EXTINF:2.0,', segment]), ...(end ? ['#EXT-X-ENDLIST'] : []), ''].join('\n');

describe('the HLS mirror', () => {
  let local: string;
  let bucket: string;
  beforeEach(() => {
    local = mkdtempSync(join(tmpdir(), 'cuepoint-hls-local-'));
    bucket = mkdtempSync(join(tmpdir(), 'cuepoint-hls-bucket-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(local, { recursive: true, force: true });
    rmSync(bucket, { recursive: true, force: true });
  });

  const write = (path: string, content: string) => {
    mkdirSync(join(local, path, '..'), { recursive: true });
    writeFileSync(join(local, path), content);
  };

  it('uploads the segments a playlist names before the playlist, and each segment once', async () => {
    const { storage, log } = recording(new DiskStorage(bucket));
    const mirror = new HlsMirror(storage, 'live/s1/', local, quiet);
    write('seg_0.ts', 'zero');
    write('seg_1.ts', 'one');
    write('index.m3u8', media(['seg_0.ts', 'seg_1.ts']));
    await mirror.finish();
    expect(log).toEqual(['put live/s1/seg_0.ts', 'put live/s1/seg_1.ts', 'put live/s1/index.m3u8']);

    write('seg_2.ts', 'two');
    write('index.m3u8', media(['seg_1.ts', 'seg_2.ts'], true));
    await mirror.finish();
    expect(log.slice(3)).toEqual(['put live/s1/seg_2.ts', 'put live/s1/index.m3u8']);
    expect((await storage.readBuffer('live/s1/index.m3u8'))?.toString()).toContain('#EXT-X-ENDLIST');
    // Unchanged: nothing goes up again.
    await mirror.finish();
    expect(log).toHaveLength(5);
  });

  it('deletes a segment from the storage half a minute after it left the playlist', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { storage, log } = recording(new DiskStorage(bucket));
    const mirror = new HlsMirror(storage, 'live/s2/', local, quiet);
    for (const segment of ['seg_0.ts', 'seg_1.ts', 'seg_2.ts']) write(segment, segment);
    write('index.m3u8', media(['seg_0.ts', 'seg_1.ts']));
    await mirror.finish();
    write('index.m3u8', media(['seg_1.ts', 'seg_2.ts']));
    await mirror.finish();
    vi.setSystemTime(Date.now() + 29_000);
    await mirror.finish();
    expect(await storage.exists('live/s2/seg_0.ts')).toBe(true);
    vi.setSystemTime(Date.now() + 2_000);
    await mirror.finish();
    expect(log).toContain('delete live/s2/seg_0.ts');
    expect(await storage.exists('live/s2/seg_0.ts')).toBe(false);
    expect(await storage.exists('live/s2/seg_1.ts')).toBe(true);
  });

  it('follows a master playlist into its variants (the 480p mode)', async () => {
    const { storage, log } = recording(new DiskStorage(bucket));
    const mirror = new HlsMirror(storage, 'live/s3/', local, quiet);
    write('index.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nsource/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=1\n480p/index.m3u8\n');
    for (const variant of ['source', '480p']) {
      write(`${variant}/seg_0.ts`, variant);
      write(`${variant}/index.m3u8`, media(['seg_0.ts']));
    }
    await mirror.finish();
    expect(log).toEqual([
      'put live/s3/source/seg_0.ts',
      'put live/s3/source/index.m3u8',
      'put live/s3/480p/seg_0.ts',
      'put live/s3/480p/index.m3u8',
      'put live/s3/index.m3u8',
    ]);
    // A variant moves on while the master stays the same.
    write('480p/seg_1.ts', '480p one');
    write('480p/index.m3u8', media(['seg_0.ts', 'seg_1.ts']));
    await mirror.finish();
    expect(log.slice(5)).toEqual(['put live/s3/480p/seg_1.ts', 'put live/s3/480p/index.m3u8']);
  });

  it('reads every URI of a playlist, attributes included', () => {
    expect(playlistUris('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nseg_1.m4s\n\n')).toEqual(['init.mp4', 'seg_1.m4s']);
  });
});
