import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { fileTypeFromBuffer } from 'file-type';
import { fieldError } from './errors';
import { newId } from './ids';
import { isMalformedMultipart, malformedMultipartMessage, uploadRules, uploadsDir, type StoredFile } from './uploads';

const megabyte = 1024 * 1024;
/** file-type decides from at most this many leading bytes. */
const sniffBytes = 4100;

/** What a streamed file may be: how big, and which types its first bytes must show. */
export interface StreamKind {
  maxBytes: number;
  /** Names the sniffed type (extension and MIME type), or null when the bytes are not acceptable. */
  sniff(head: Buffer): Promise<{ ext: string; mime: string } | null>;
  /** Shown when the type is refused (415). */
  typeMessage: string;
  /** Shown when the file is larger than maxBytes (413). */
  sizeMessage: string;
}

async function sniffByFileType(head: Buffer, accepted: readonly string[]) {
  const type = await fileTypeFromBuffer(head);
  return type && accepted.includes(type.mime) ? { ext: type.ext, mime: type.mime } : null;
}

function utf8Text(head: Buffer): string | null {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  // A truncated multi-byte character at the end of the head is fine; anything else undecodable is not text.
  return /\uFFFD/.test(text.slice(0, -3)) || text.includes('\0') ? null : text;
}

/** Podcasting 2.0 transcript formats we accept, told apart by their first bytes. */
function sniffTranscript(head: Buffer) {
  const text = utf8Text(head);
  if (text === null) return null;
  if (/^WEBVTT(\s|$)/.test(text)) return { ext: 'vtt', mime: 'text/vtt' };
  if (/^\s*\d+\s*\r?\n\d{2}:\d{2}:\d{2}[,.]\d{3} --> /.test(text)) return { ext: 'srt', mime: 'application/x-subrip' };
  return null;
}

/** Chapters: the Podcasting 2.0 JSON chapters format (checked fully once stored). */
function sniffChapters(head: Buffer) {
  const text = utf8Text(head);
  return text !== null && /^\s*\{/.test(text) ? { ext: 'json', mime: 'application/json+chapters' } : null;
}

/** MP3, M4A/AAC, MP4 and WebM, by magic bytes (ID3 or an MPEG frame sync, ADTS, an ISO `ftyp` box, an EBML header). */
export const mediaMimeTypes = ['audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/x-m4a', 'video/mp4', 'audio/webm', 'video/webm'] as const;

export const mediaMessages = {
  type: 'Unsupported media type: please upload an MP3, M4A/AAC, MP4 or WebM file',
  size: 'The media file is larger than 2 GB',
  unreadable: 'This media file could not be read: please upload a complete MP3, M4A/AAC, MP4 or WebM file',
  image: 'Unsupported image: please upload a jpg, png, webp or gif image of at most 2 MB',
  imageSize: 'The image is larger than 2 MB',
  transcript: 'Unsupported transcript: please upload a WebVTT (.vtt) or SubRip (.srt) file of at most 5 MB',
  chapters: 'Unsupported chapters file: please upload Podcasting 2.0 JSON chapters of at most 1 MB',
} as const;

export const streamKinds = {
  media: {
    maxBytes: 2048 * megabyte,
    sniff: (head) => sniffByFileType(head, mediaMimeTypes),
    typeMessage: mediaMessages.type,
    sizeMessage: mediaMessages.size,
  },
  image: {
    maxBytes: uploadRules.image.maxBytes,
    sniff: (head) => sniffByFileType(head, uploadRules.image.mimeTypes),
    typeMessage: mediaMessages.image,
    sizeMessage: mediaMessages.imageSize,
  },
  transcript: { maxBytes: 5 * megabyte, sniff: async (head) => sniffTranscript(head), typeMessage: mediaMessages.transcript, sizeMessage: mediaMessages.transcript },
  chapters: { maxBytes: megabyte, sniff: async (head) => sniffChapters(head), typeMessage: mediaMessages.chapters, sizeMessage: mediaMessages.chapters },
} satisfies Record<string, StreamKind>;

export type StreamKindName = keyof typeof streamKinds;

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
  type: { ext: string; mime: string } | null = null;

  constructor(
    private readonly kind: StreamKind,
    private readonly fieldName: string,
  ) {
    super();
  }

  private reject(code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE', message: string) {
    return new UploadRejected(
      code === 'UNSUPPORTED_MEDIA_TYPE'
        ? new TRPCError({ code, message, cause: fieldError('BAD_REQUEST', message, { [this.fieldName]: message }).cause })
        : new TRPCError({ code, message }),
    );
  }

  private async release(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = head.length ? await this.kind.sniff(head) : null;
    if (!this.type) throw this.reject('UNSUPPORTED_MEDIA_TYPE', this.kind.typeMessage);
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.kind.maxBytes) return callback(this.reject('PAYLOAD_TOO_LARGE', this.kind.sizeMessage));
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
 * Streams one file to `folder` under a random name: the type is checked on the first bytes (415 when refused),
 * the size while it flows (413 past the kind's limit). On any failure the partial file is removed.
 */
export async function writeCheckedStream(
  source: Readable,
  options: { kind: StreamKind; folder: string; fieldName: string },
): Promise<StoredFile> {
  const temporary = join(options.folder, `.incoming-${newId()}`);
  const checked = new CheckedStream(options.kind, options.fieldName);
  let size = 0;
  checked.on('data', (chunk: Buffer) => (size += chunk.length));
  // Opened before anything flows: a stream that opens its file by itself may create it after a failure removed it.
  const sink = (await open(temporary, 'wx')).createWriteStream();
  try {
    await pipeline(source, checked, sink);
    const type = checked.type!;
    const name = `${newId(16)}.${type.ext}`;
    const path = join(options.folder, name);
    await rename(temporary, path);
    return { url: `/uploads/${name}`, path, mimeType: type.mime, size };
  } catch (error) {
    source.resume();
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await rm(temporary, { force: true });
    throw error instanceof UploadRejected ? error.error : error;
  }
}

/** The stored file an upload URL (`/uploads/<name>`) points at, or null for anything else. */
export function uploadPath(dataDir: string, url: string | null | undefined): string | null {
  const match = url ? /^\/uploads\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url) : null;
  return match ? join(uploadsDir(dataDir), match[1]!) : null;
}

/** Removes stored uploads by URL; URLs that are not ours are ignored. */
export async function removeUploads(dataDir: string, urls: Array<string | null | undefined>): Promise<void> {
  await Promise.all(urls.map((url) => uploadPath(dataDir, url)).map((path) => (path ? rm(path, { force: true }) : undefined)));
}

/**
 * Reads a multipart request, streaming each named file part through `writeCheckedStream`. Text fields
 * come back as strings. Unknown file fields are refused; everything stored is removed on any failure.
 */
export async function readStreamedUpload(
  request: FastifyRequest,
  dataDir: string,
  /** A kind by name, or a domain's own kind (its own types and messages). */
  fileFields: Partial<Record<string, StreamKindName | StreamKind>>,
): Promise<{ fields: Record<string, string>; files: Record<string, StoredFile> }> {
  const kindOf = (kind: StreamKindName | StreamKind): StreamKind => (typeof kind === 'string' ? streamKinds[kind] : kind);
  if (!request.isMultipart()) {
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the form as multipart/form-data' });
  }
  const fields: Record<string, string> = {};
  const files: Record<string, StoredFile> = {};
  const folder = uploadsDir(dataDir);
  await mkdir(folder, { recursive: true });
  const largest = Math.max(...Object.values(fileFields).map((kind) => kindOf(kind!).maxBytes));
  try {
    // The plugin's own limit sits one byte above ours, so our check (413 with a clear message) fires first.
    for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const kindName = fileFields[part.fieldname];
      if (!kindName) {
        part.file.resume();
        throw fieldError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"`, { [part.fieldname]: 'Unexpected file' });
      }
      if (files[part.fieldname]) {
        part.file.resume();
        const message = `Send one file in "${part.fieldname}"`;
        throw fieldError('BAD_REQUEST', message, { [part.fieldname]: message });
      }
      files[part.fieldname] = await writeCheckedStream(part.file, { kind: kindOf(kindName), folder, fieldName: part.fieldname });
    }
  } catch (error) {
    await Promise.all(Object.values(files).map((file) => rm(file.path, { force: true })));
    throw isMalformedMultipart(error) ? new TRPCError({ code: 'BAD_REQUEST', message: malformedMultipartMessage }) : error;
  }
  return { fields, files };
}
