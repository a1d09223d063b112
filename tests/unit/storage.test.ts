import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage, S3Storage, type Storage } from '@server/platform/storage';
import { useS3 } from '../engines/s3';

const s3 = useS3();

/** A body that sends `chunks` and then fails, as a refused or broken upload does. */
function failingBody(chunks: Buffer[], error: Error): Readable {
  let index = 0;
  return new Readable({
    read() {
      if (index < chunks.length) this.push(chunks[index++]);
      else this.destroy(error);
    },
  });
}

const engines: Array<{ name: string; make(): { storage: Storage; close(): void } }> = [
  {
    name: 'disk',
    make() {
      const dir = mkdtempSync(join(tmpdir(), 'cuepoint-storage-'));
      return { storage: new DiskStorage(dir), close: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    make() {
      const storage = new S3Storage({
        kind: 's3',
        endpoint: s3.current.endpoint,
        bucket: s3.current.bucket,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
        mediaPublicUrl: 'https://cdn.example.test/media',
      });
      return { storage, close: () => storage.close() };
    },
  },
];

describe.each(engines)('the $name storage', (engine) => {
  let storage: Storage;
  let close: () => void;
  beforeAll(() => ({ storage, close } = engine.make()));
  afterAll(() => close());

  it('streams an object in and reads it back whole, by range, with stable strong validators', async () => {
    const bytes = Buffer.alloc(6 * 1024 * 1024 + 17);
    for (let index = 0; index < bytes.length; index++) bytes[index] = index % 251;
    const written = await storage.write('uploads/stream.mp3', Readable.from([bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]));
    expect(written.size).toBe(bytes.length);
    const info = await storage.stat('uploads/stream.mp3');
    expect(info).toMatchObject({ size: bytes.length });
    expect(info!.etag).toMatch(/^"[^"]+"$/);
    expect(await storage.stat('uploads/stream.mp3')).toEqual(info);
    expect(Buffer.compare(Buffer.from(await new Response(Readable.toWeb((await storage.read('uploads/stream.mp3'))!) as ReadableStream).arrayBuffer()), bytes)).toBe(0);
    const part = await storage.read('uploads/stream.mp3', { start: 100, end: 199 });
    const chunks: Buffer[] = [];
    for await (const chunk of part!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes.subarray(100, 200));
  });

  it('answers null for what is not there, and deletes quietly', async () => {
    expect(await storage.stat('uploads/missing.mp3')).toBeNull();
    expect(await storage.exists('uploads/missing.mp3')).toBe(false);
    expect(await storage.read('uploads/missing.mp3')).toBeNull();
    expect(await storage.readBuffer('uploads/missing.mp3')).toBeNull();
    await storage.delete(['uploads/missing.mp3']);
  });

  it('leaves nothing when the body fails, and throws the body’s own error', async () => {
    const refusal = new Error('too large');
    const small = failingBody([Buffer.alloc(1000, 1)], refusal);
    await expect(storage.write('uploads/refused-small.mp3', small)).rejects.toBe(refusal);
    // Past one multipart part: the upload was under way when the body failed.
    const large = failingBody([Buffer.alloc(9 * 1024 * 1024, 1), Buffer.alloc(1024, 2)], refusal);
    await expect(storage.write('uploads/refused-large.mp3', large)).rejects.toBe(refusal);
    expect(await storage.exists('uploads/refused-small.mp3')).toBe(false);
    expect(await storage.exists('uploads/refused-large.mp3')).toBe(false);
    expect((await storage.list('uploads/')).filter((key) => key.includes('refused'))).toEqual([]);
  });

  it('puts, copies, lists and deletes folders', async () => {
    await storage.put('recordings/r1/r1.mp4', Buffer.from('recording'));
    await storage.put('recordings/r1/extra.txt', 'x');
    await storage.copy('recordings/r1/r1.mp4', 'uploads/copy.mp4');
    expect((await storage.list('recordings/r1/')).sort()).toEqual(['recordings/r1/extra.txt', 'recordings/r1/r1.mp4']);
    await storage.deleteFolder('recordings/r1/');
    expect(await storage.list('recordings/r1/')).toEqual([]);
    expect((await storage.readBuffer('uploads/copy.mp4'))?.toString()).toBe('recording');
    expect(await text((await storage.read('uploads/copy.mp4'))!)).toBe('recording');
  });

  it('moves a finished local file in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-movein-'));
    const local = join(dir, 'done.mp4');
    writeFileSync(local, 'finished recording');
    expect(await storage.moveIn(local, 'recordings/r2/r2.mp4')).toEqual({ size: 18 });
    expect(existsSync(local)).toBe(false);
    expect((await storage.readBuffer('recordings/r2/r2.mp4'))?.toString()).toBe('finished recording');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses keys that leave their folder', async () => {
    for (const key of ['../secret.key', '/etc/passwd', 'uploads/../cuepoint.db', 'uploads//x', '']) {
      await expect(storage.stat(key), key).rejects.toThrow('Not a storage key');
    }
  });

  it('answers its ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it(`names a CDN address only with a bucket behind MEDIA_PUBLIC_URL`, () => {
    expect(storage.publicUrl('uploads/a.mp3')).toBe(engine.name === 's3' ? 'https://cdn.example.test/media/uploads/a.mp3' : null);
  });
});

describe('an S3 storage whose bucket is missing', () => {
  it('fails its ping', async () => {
    const storage = new S3Storage({
      kind: 's3',
      endpoint: s3.current.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      mediaPublicUrl: undefined,
    });
    await expect(storage.ping()).rejects.toThrow();
    storage.close();
  });
});
