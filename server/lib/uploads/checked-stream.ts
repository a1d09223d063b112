import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TRPCError } from '@trpc/server';
import { FieldValidationError } from '../errors';
import { newId } from '../ids';
import { fileTypeNotAllowedMessage, sniffBytes, type SniffedType, type UploadKind } from './kinds';
import type { StoredFile } from './stored';

/** The answer to a refused file, naming its field. A kind with one rule message answers 400 with it whatever the reason. */
export function refuseFile(kind: UploadKind, field: string, refusal: { code: TRPCError['code']; message: string }): TRPCError {
  const { code, message } = kind.ruleMessage ? { code: 'BAD_REQUEST' as const, message: kind.ruleMessage } : refusal;
  return new TRPCError({ code, message, cause: new FieldValidationError(message, { [field]: message }) });
}

class UploadRejected extends Error {
  constructor(readonly error: TRPCError) {
    super(error.message);
  }
}

/**
 * Passes bytes through once the first ones show an accepted type, and fails as soon as the size passes the limit.
 * Only the head (a few KiB) is ever held; the rest streams straight to disk.
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
 * Streams one file to `folder` under a random name: the type is checked on the first bytes, the size while it
 * flows, then the kind's own check on the whole file. On any failure the partial file is removed.
 */
export async function writeCheckedStream(source: Readable, options: { kind: UploadKind; folder: string; field: string }): Promise<StoredFile> {
  const { kind, folder, field } = options;
  const temporary = join(folder, `.incoming-${newId()}`);
  const checked = new CheckedStream(kind, field);
  let size = 0;
  checked.on('data', (chunk: Buffer) => (size += chunk.length));
  // Opened before anything flows: a stream that opens its file by itself may create it after a failure removed it.
  const sink = (await open(temporary, 'wx')).createWriteStream();
  try {
    await pipeline(source, checked, sink);
    const refusal = kind.validate ? await kind.validate(temporary) : null;
    if (refusal) throw refuseFile(kind, field, refusal);
    const type = checked.type!;
    const name = `${newId(16)}.${type.ext}`;
    const path = join(folder, name);
    await rename(temporary, path);
    return { url: `/uploads/${name}`, path, mimeType: type.mime, size };
  } catch (error) {
    source.resume();
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await rm(temporary, { force: true });
    throw error instanceof UploadRejected ? error.error : error;
  }
}
