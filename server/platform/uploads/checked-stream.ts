import { DomainError } from '@server/platform/errors';
import { once } from 'node:events';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { FieldValidationError } from '@server/platform/errors';
import { newId } from '@server/lib/ids';
import type { Storage } from '@server/platform/storage';
import { fileTypeNotAllowedMessage, sniffBytes, type SniffedType, type UploadKind } from './kinds';
import { uploadUrlOf, type StoredFile } from './stored';

/** The answer to a refused file, naming its field. A kind with one rule message answers 400 with it whatever the reason. */
export function refuseFile(kind: UploadKind, field: string, refusal: { code: DomainError['code']; message: string }): DomainError {
  const { code, message } = kind.ruleMessage ? { code: 'BAD_REQUEST' as const, message: kind.ruleMessage } : refusal;
  return new DomainError({ code, message, cause: new FieldValidationError(message, { [field]: message }) });
}

class UploadRejected extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/**
 * Passes bytes through once the first ones show an accepted type (announced by a `typed` event), and fails as soon
 * as the size passes the limit. Only the head (a few KiB) is ever held; the rest streams on to the storage.
 */
class CheckedStream extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  type: SniffedType | null = null;

  constructor(
    private readonly kind: UploadKind,
    private readonly field: string,
  ) {
    super();
  }

  private async release(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = head.length ? await this.kind.sniff(head) : null;
    if (!this.type) {
      throw new UploadRejected(refuseFile(this.kind, this.field, { code: 'UNSUPPORTED_MEDIA_TYPE', message: this.kind.typeMessage ?? fileTypeNotAllowedMessage }));
    }
    this.emit('typed', this.type);
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.kind.maxBytes) return callback(new UploadRejected(refuseFile(this.kind, this.field, this.kind.tooLarge)));
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < sniffBytes) return callback();
    this.release().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.type) return callback();
    this.release().then(() => callback(), callback);
  }
}

/**
 * Streams one file to the storage under a random name (`uploads/<id>.<ext>`): the type is checked on the first bytes
 * before anything is written, the size while it flows; a kind with a check of the whole file (`validate`: small
 * images, chapters) is read into memory, checked, then stored. On any failure nothing is left in the storage.
 */
export async function writeCheckedStream(source: Readable, options: { kind: UploadKind; storage: Storage; field: string }): Promise<StoredFile> {
  const { kind, storage, field } = options;
  const checked = new CheckedStream(kind, field);
  // A body that fails or stops early (an unterminated multipart part) fails `checked`, and so whoever reads it.
  pipeline(source, checked).catch(() => undefined);
  try {
    const [type] = (await once(checked, 'typed')) as [SniffedType];
    const name = `${newId(16)}.${type.ext}`;
    const key = `uploads/${name}`;
    let size: number;
    if (kind.validate) {
      const body = await buffer(checked);
      const refusal = await kind.validate(body);
      if (refusal) throw refuseFile(kind, field, refusal);
      await storage.put(key, body);
      size = body.length;
    } else {
      ({ size } = await storage.write(key, checked));
    }
    return { url: uploadUrlOf(name), key, mimeType: type.mime, size };
  } catch (error) {
    source.resume();
    checked.destroy();
    throw error instanceof UploadRejected ? error.error : error;
  }
}
