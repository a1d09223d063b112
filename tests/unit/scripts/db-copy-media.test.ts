import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskStorage, type ByteRange, type ObjectInfo } from '@server/platform/storage';
import { copyMediaToStorage, CopyError } from '../../../scripts/db-copy';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-copy-media-'));
  folders.push(dir);
  return dir;
}

/** An install's DATA_DIR with the given files (path below it → content). */
function install(files: Record<string, Buffer | string>): string {
  const dataDir = tempDir();
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dataDir, path)), { recursive: true });
    writeFileSync(join(dataDir, path), content);
  }
  return dataDir;
}

/** Every file below a folder with its size, modification time and SHA-256. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const info = statSync(path);
      return `${relative(dir, path)} ${info.size} ${info.mtimeMs} ${sha256(readFileSync(path))}`;
    })
    .sort();
}

/** A bucket stand-in: the disk storage over its own folder, with one answer that can be bent. */
class FakeBucket extends DiskStorage {
  garbleReadOf: string | undefined;
  misreportSizeOf: string | undefined;
  failWriteAfter = Infinity;
  writes: string[] = [];

  constructor(readonly dir: string) {
    super(dir);
  }

  override async write(key: string, body: Readable): Promise<{ size: number }> {
    if (this.writes.length >= this.failWriteAfter) {
      body.destroy();
      throw new Error('connect ETIMEDOUT 10.0.0.9:443');
    }
    this.writes.push(key);
    return super.write(key, body);
  }

  override async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (key === this.garbleReadOf) {
      const bytes = await super.readBuffer(key);
      return bytes ? Readable.from([Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1)! ^ 1])])]) : null;
    }
    return super.read(key, range);
  }

  override async stat(key: string): Promise<ObjectInfo | null> {
    const info = await super.stat(key);
    return info && key === this.misreportSizeOf ? { ...info, size: info.size + 1 } : info;
  }
}

const sha256 = (bytes: Buffer | null) => createHash('sha256').update(bytes ?? '').digest('hex');
const episode = randomBytes(3 * 1024 * 1024 + 17);
const files = {
  'uploads/episode.mp3': episode,
  'uploads/cover.png': 'png bytes',
  'uploads/terms.pdf': '%PDF-1.7 terms',
  'uploads/.incoming-abc': 'half an upload',
  'recordings/r1/r1.mp4': 'finished recording',
  'recordings/r2/part-1.ts': 'a part of an unfinished recording',
  'mobile-apps/app1/source.png': 'icon source',
  'mobile-apps/app1/v2/icon-192.png': 'icon 192',
  'live/s1/index.m3u8': '#EXTM3U',
  'cuepoint.db': 'the database',
  'secret.key': 'secret',
};
const mediaKeys = ['mobile-apps/app1/source.png', 'mobile-apps/app1/v2/icon-192.png', 'recordings/r1/r1.mp4', 'uploads/cover.png', 'uploads/episode.mp3', 'uploads/terms.pdf'];
const mediaBytes = episode.length + 'png bytes'.length + '%PDF-1.7 terms'.length + 'finished recording'.length + 'icon source'.length + 'icon 192'.length;

describe('db:copy --media: the install files into a bucket', () => {
  it('copies the media the server reads (uploads, finished recordings, app icons) with counts and bytes, and leaves DATA_DIR as it was', async () => {
    const dataDir = install(files);
    const before = snapshot(dataDir);
    const bucket = new FakeBucket(tempDir());
    const lines: string[] = [];
    const report = await copyMediaToStorage({ dataDir, storage: bucket, log: (line) => lines.push(line) });
    expect(report).toEqual({ copied: { files: 6, bytes: mediaBytes }, skipped: { files: 0, bytes: 0 }, leftBehind: 2 });
    expect((await bucket.list('uploads/')).concat(await bucket.list('recordings/'), await bucket.list('mobile-apps/')).sort()).toEqual(mediaKeys);
    expect(await bucket.list('live/')).toEqual([]);
    expect(sha256(await bucket.readBuffer('uploads/episode.mp3'))).toBe(sha256(episode));
    expect(lines).toContain(`copied   uploads/episode.mp3  ${episode.length} bytes  sha256 ${sha256(episode).slice(0, 16)}`);
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('skips what the bucket already holds with the same bytes, so a second run copies nothing', async () => {
    const dataDir = install(files);
    const bucket = new FakeBucket(tempDir());
    await copyMediaToStorage({ dataDir, storage: bucket });
    await bucket.delete('uploads/cover.png');
    bucket.writes = [];
    const report = await copyMediaToStorage({ dataDir, storage: bucket });
    expect(report).toEqual({ copied: { files: 1, bytes: 'png bytes'.length }, skipped: { files: 5, bytes: mediaBytes - 'png bytes'.length }, leftBehind: 2 });
    expect(bucket.writes).toEqual(['uploads/cover.png']);
  });

  it('refuses a bucket holding another object under a key (other size, or same size and other bytes) before copying anything', async () => {
    const dataDir = install(files);
    const bucket = new FakeBucket(tempDir());
    await bucket.put('uploads/terms.pdf', '%PDF-1.7 other');
    await expect(copyMediaToStorage({ dataDir, storage: bucket })).rejects.toThrow(
      new CopyError(`The bucket already holds a different object under uploads/terms.pdf (same size as ${join(dataDir, 'uploads', 'terms.pdf')}, other bytes); db:copy never replaces objects: remove them or use another bucket. Nothing was copied.`),
    );
    await bucket.put('uploads/cover.png', 'a longer png');
    await expect(copyMediaToStorage({ dataDir, storage: bucket })).rejects.toThrow(
      `The bucket already holds a different object under uploads/cover.png (12 bytes in the bucket, 9 bytes in ${join(dataDir, 'uploads', 'cover.png')}) and 1 more key; db:copy never replaces objects`,
    );
    expect(bucket.writes).toEqual([]);
    expect(await bucket.readBuffer('uploads/terms.pdf')).toEqual(Buffer.from('%PDF-1.7 other'));
  });

  it('fails and removes the object when the bucket answers other bytes than the file holds', async () => {
    const dataDir = install(files);
    const bucket = new FakeBucket(tempDir());
    bucket.garbleReadOf = 'uploads/episode.mp3';
    const copy = copyMediaToStorage({ dataDir, storage: bucket, concurrency: 1 });
    await expect(copy).rejects.toThrow(CopyError);
    await expect(copy).rejects.toThrow(
      new RegExp(`^uploads/episode\\.mp3: the bucket answers ${episode.length} bytes, sha256 [0-9a-f]{16}, the file .* has ${episode.length} bytes, sha256 [0-9a-f]{16}; the object was removed\\. \\d files were copied and verified before it; run again to finish\\.$`),
    );
    expect(await bucket.exists('uploads/episode.mp3')).toBe(false);
  });

  it('fails when the bucket reports another size than the file has', async () => {
    const dataDir = install(files);
    const bucket = new FakeBucket(tempDir());
    bucket.misreportSizeOf = 'uploads/cover.png';
    await expect(copyMediaToStorage({ dataDir, storage: bucket })).rejects.toThrow(/^uploads\/cover\.png: the bucket answers 10 bytes, sha256 [0-9a-f]{16}, the file .* has 9 bytes/);
    expect(await bucket.exists('uploads/cover.png')).toBe(false);
  });

  it('answers a failed upload with what was done and how to finish', async () => {
    const dataDir = install(files);
    const bucket = new FakeBucket(tempDir());
    bucket.failWriteAfter = 2;
    await expect(copyMediaToStorage({ dataDir, storage: bucket, concurrency: 1 })).rejects.toThrow(
      new CopyError('Copying media into the bucket failed (connect ETIMEDOUT 10.0.0.9:443); 2 files were copied and verified. Run "npm run db:copy -- --media s3" again to finish: what is already there is checked and skipped.'),
    );
    bucket.failWriteAfter = Infinity;
    const report = await copyMediaToStorage({ dataDir, storage: bucket });
    expect(report.copied.files).toBe(4);
    expect(report.skipped.files).toBe(2);
  });

  it('answers a DATA_DIR it cannot list with the reason, not a stack', async () => {
    const dataDir = install({ 'mobile-apps/app1/source.png': 'icon' });
    symlinkSync('uploads', join(dataDir, 'uploads'));
    await expect(copyMediaToStorage({ dataDir, storage: new FakeBucket(tempDir()) })).rejects.toThrow(new CopyError(`Could not list the media in ${dataDir}: ELOOP: too many symbolic links encountered, scandir '${join(dataDir, 'uploads')}'`));
  });

  it('says so when DATA_DIR is not there', async () => {
    const missing = join(tempDir(), 'nope');
    await expect(copyMediaToStorage({ dataDir: missing, storage: new FakeBucket(tempDir()) })).rejects.toThrow(new CopyError(`No DATA_DIR at ${missing}`));
  });
});
