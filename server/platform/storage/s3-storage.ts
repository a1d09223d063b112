import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { LRUCache } from 'lru-cache';
import type { StorageConfig } from '@server/config';
import { contentTypeOf } from './content-types';
import { assertFolder, assertKey, type ByteRange, type ObjectInfo, type Storage } from './storage';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** CopyObject copies at most 5 GiB in one request; larger objects are streamed through. */
const largestSingleCopy = 5 * 1024 ** 3;
/** Multipart parts of a streamed upload: memory held per upload is about partSize × queueSize. */
const partSize = 5 * 1024 * 1024;
const queueSize = 2;
/** How long a HeadObject answer is reused by this process (objects are written once under their key). */
const statTtlMs = 5_000;

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Garage, R2) through the AWS SDK: streamed multipart uploads
 * (`@aws-sdk/lib-storage`), ranged GetObject, HeadObject for validators (reused for a few seconds), and the
 * CDN address of a key when MEDIA_PUBLIC_URL fronts the bucket.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly mediaPublicUrl: string | undefined;
  private readonly stats = new LRUCache<string, ObjectInfo>({ max: 10_000, ttl: statTtlMs });

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.mediaPublicUrl = config.mediaPublicUrl;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint && { endpoint: config.endpoint }),
      ...(config.credentials && { credentials: config.credentials }),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where the API requires them: several S3-compatible servers refuse the SDK's default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A listener streaming an episode holds a connection for as long as they listen: more than the SDK's default 50.
      requestHandler: {
        httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 1024 }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 1024 }),
        // An unreachable endpoint fails a request (and the readiness probe) instead of holding it.
        connectionTimeout: 5_000,
      },
    });
  }

  localPath(): null {
    return null;
  }

  publicUrl(key: string): string | null {
    assertKey(key);
    return this.mediaPublicUrl ? `${this.mediaPublicUrl}/${key}` : null;
  }

  async write(key: string, body: Readable): Promise<{ size: number }> {
    assertKey(key);
    this.stats.delete(key);
    const counted = new ByteCounter();
    let bodyError: unknown;
    body.once('error', (error) => {
      bodyError = error;
      counted.destroy(error);
    });
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentTypeOf(key) },
      partSize,
      queueSize,
    });
    try {
      await upload.done();
      return { size: counted.bytes };
    } catch (error) {
      // lib-storage aborted the multipart upload; nothing was completed under the key. The body's error is the answer.
      body.unpipe(counted);
      throw bodyError ?? error;
    }
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    assertKey(key);
    this.stats.delete(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentTypeOf(key) }));
  }

  async moveIn(localPath: string, key: string): Promise<{ size: number }> {
    const written = await this.write(key, createReadStream(localPath));
    await rm(localPath, { force: true });
    return written;
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    assertKey(fromKey);
    assertKey(toKey);
    const source = await this.stat(fromKey);
    if (!source) throw Object.assign(new Error(`No object ${fromKey} to copy`), { code: 'ENOENT' });
    if (source.size > largestSingleCopy) {
      const body = await this.read(fromKey);
      if (!body) throw Object.assign(new Error(`No object ${fromKey} to copy`), { code: 'ENOENT' });
      await this.write(toKey, body);
      return;
    }
    const copySource = `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: copySource }));
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    const cached = this.stats.get(key);
    if (cached) return cached;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const info: ObjectInfo = { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0), etag: head.ETag ?? `"${key}"` };
      this.stats.set(key, info);
      return info;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range && { Range: `bytes=${range.start}-${range.end}` }) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) {
        this.stats.delete(key);
        return null;
      }
      throw error;
    }
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(keys: string | readonly string[]): Promise<void> {
    const all = typeof keys === 'string' ? [keys] : [...keys];
    for (const key of all) {
      assertKey(key);
      this.stats.delete(key);
    }
    // DeleteObjects takes at most 1000 keys a request.
    for (let index = 0; index < all.length; index += 1000) {
      const batch = all.slice(index, index + 1000);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = answer.Errors?.find((error) => error.Code !== 'NoSuchKey');
      if (failed) throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message ?? ''}`.trim());
    }
  }

  async deleteFolder(prefix: string): Promise<void> {
    await this.delete(await this.list(prefix));
  }

  async list(prefix: string): Promise<string[]> {
    assertFolder(prefix);
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    }
    return keys;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
