import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { fileTypeFromFile } from 'file-type';
import { imageSizeFromFile } from 'image-size/fromFile';
import { fieldError } from './errors';
import { newId } from './ids';

export const profilePhotoMessage =
  'Please upload a square image file in jpg, jpeg, and png between 50x50px and 200x200px';

export const malformedMultipartMessage = 'The multipart body is malformed';

/** A file whose bytes are not a type this upload takes (415); the photo uploads keep the spec's photo message. */
export const fileTypeNotAllowedMessage = 'This file type is not allowed here';

export type UploadKind = 'profile-photo' | 'image' | 'pdf' | 'media';

interface KindRule {
  maxBytes: number;
  mimeTypes: readonly string[];
  message: string;
  /** Extra check on the stored file; returns false to reject it. */
  check?(path: string): Promise<boolean>;
}

const megabyte = 1024 * 1024;

export const uploadRules: Record<UploadKind, KindRule> = {
  'profile-photo': {
    maxBytes: 2 * megabyte,
    mimeTypes: ['image/jpeg', 'image/png'],
    message: profilePhotoMessage,
    async check(path) {
      const { width, height } = await imageSizeFromFile(path);
      return width === height && width >= 50 && width <= 200;
    },
  },
  image: {
    maxBytes: 2 * megabyte,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    message: 'Please upload a jpg, png, webp or gif image of at most 2 MB',
  },
  pdf: { maxBytes: 20 * megabyte, mimeTypes: ['application/pdf'], message: 'Please upload a PDF file of at most 20 MB' },
  media: {
    maxBytes: 2048 * megabyte,
    mimeTypes: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'video/mp4', 'video/webm', 'video/quicktime'],
    message: 'Please upload an audio or video file (mp3, m4a, ogg, wav, mp4, webm, mov) of at most 2 GB',
  },
};

export interface StoredFile {
  /** Public path the file is served at. */
  url: string;
  path: string;
  mimeType: string;
  size: number;
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * Reads a multipart request: text fields into `fields`, the named file fields streamed to
 * DATA_DIR/uploads under random names after their type (magic bytes) and size are checked.
 * Unknown file fields are refused. Nothing is kept when any part is rejected.
 */
export async function readMultipart(
  request: FastifyRequest,
  dataDir: string,
  fileFields: Record<string, UploadKind>,
): Promise<{ fields: Record<string, string>; files: Record<string, StoredFile> }> {
  const fields: Record<string, string> = {};
  const files: Record<string, StoredFile> = {};
  const folder = uploadsDir(dataDir);
  await mkdir(folder, { recursive: true });
  try {
    for await (const part of request.parts({ limits: { fileSize: Math.max(...Object.values(fileFields).map((kind) => uploadRules[kind].maxBytes), 1) } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const kind = fileFields[part.fieldname];
      if (!kind) {
        part.file.resume();
        throw fieldError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"`, { [part.fieldname]: 'Unexpected file' });
      }
      if (files[part.fieldname]) {
        part.file.resume();
        throw fieldError('BAD_REQUEST', uploadRules[kind].message, { [part.fieldname]: uploadRules[kind].message });
      }
      files[part.fieldname] = await storePart(part.file, part.fieldname, kind, folder);
    }
  } catch (error) {
    await Promise.all(Object.values(files).map((file) => rm(file.path, { force: true })));
    throw isMalformedMultipart(error) ? new TRPCError({ code: 'BAD_REQUEST', message: malformedMultipartMessage }) : error;
  }
  return { fields, files };
}

/**
 * The multipart parser reports a broken body ("Unexpected end of multipart data", "Boundary not found")
 * as a bare Error: no errno `code` (disk failures have one) and no HTTP `statusCode` (the plugin's limits do).
 */
export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !(error instanceof TRPCError) && !('code' in error) && !('statusCode' in error);
}

async function storePart(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  fieldName: string,
  kind: UploadKind,
  folder: string,
): Promise<StoredFile> {
  const rule = uploadRules[kind];
  const temporary = join(folder, `.incoming-${newId()}`);
  const reject = async () => {
    await rm(temporary, { force: true });
    return fieldError('BAD_REQUEST', rule.message, { [fieldName]: rule.message });
  };
  const rejectType = async () => {
    if (kind === 'profile-photo') return reject();
    await rm(temporary, { force: true });
    const invalid = fieldError('BAD_REQUEST', fileTypeNotAllowedMessage, { [fieldName]: fileTypeNotAllowedMessage });
    return new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: fileTypeNotAllowedMessage, cause: invalid.cause });
  };
  try {
    await pipeline(stream, createWriteStream(temporary));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const { size } = await stat(temporary);
  if (stream.truncated || size > rule.maxBytes || size === 0) throw await reject();
  const type = await fileTypeFromFile(temporary);
  if (!type || !rule.mimeTypes.includes(type.mime)) throw await rejectType();
  if (rule.check) {
    const ok = await rule.check(temporary).catch(() => false);
    if (!ok) throw await reject();
  }
  const name = `${newId(16)}.${type.ext}`;
  const path = join(folder, name);
  await rename(temporary, path);
  return { url: `/uploads/${name}`, path, mimeType: type.mime, size };
}
