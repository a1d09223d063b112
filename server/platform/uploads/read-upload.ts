import { DomainError } from '@server/platform/errors';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '@server/platform/errors';
import type { Storage } from '@server/platform/storage';
import { writeCheckedStream, refuseFile } from './checked-stream';
import { kindOf, type UploadKind, type UploadKindName } from './kinds';
import { removeStored, type StoredFile } from './stored';

export const malformedMultipartMessage = 'The multipart body is malformed';
export const notMultipartMessage = 'Send the form as multipart/form-data';

/** The file fields a route takes: a kind from the table by name, or a domain's own kind. */
export type UploadKinds<Field extends string = string> = Record<Field, UploadKindName | UploadKind>;

export interface UploadedForm<Field extends string = string> {
  fields: Record<string, string>;
  files: Partial<Record<Field, StoredFile>>;
}

/**
 * The multipart parser reports a broken body ("Unexpected end of multipart data", "Boundary not found")
 * as a bare Error: no errno `code` (disk failures have one) and no HTTP `statusCode` (the plugin's limits do).
 */
export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !(error instanceof DomainError) && !('code' in error) && !('statusCode' in error);
}

/**
 * Reads a multipart request: text fields as strings, each named file field streamed to the storage (`uploads/`) under
 * a random name, checked by its kind (type on the first bytes, size while it flows, the kind's own check at the end).
 * Unknown file fields are refused; everything stored is removed on any failure. 415 `notMultipart` for another body.
 */
export async function readUpload<Field extends string>(
  request: FastifyRequest,
  storage: Storage,
  kinds: UploadKinds<Field>,
  notMultipart = notMultipartMessage,
): Promise<UploadedForm<Field>> {
  if (!request.isMultipart()) throw new DomainError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: notMultipart });
  const byField = new Map<string, UploadKind>(Object.entries<UploadKindName | UploadKind>(kinds).map(([field, kind]) => [field, kindOf(kind)]));
  const fields: Record<string, string> = {};
  const stored = new Map<string, StoredFile>();
  const largest = Math.max(1, ...[...byField.values()].map((kind) => kind.maxBytes));
  try {
    // The plugin's own limit sits one byte above ours, so the kind's answer to a file too large comes first.
    for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const kind = byField.get(part.fieldname);
      if (!kind) {
        part.file.resume();
        throw fieldError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"`, { [part.fieldname]: 'Unexpected file' });
      }
      if (stored.has(part.fieldname)) {
        part.file.resume();
        throw refuseFile(kind, part.fieldname, { code: 'BAD_REQUEST', message: `Send one file in "${part.fieldname}"` });
      }
      stored.set(part.fieldname, await writeCheckedStream(part.file, { kind, storage, field: part.fieldname }));
    }
  } catch (error) {
    await removeStored(storage, stored.values());
    throw isMalformedMultipart(error) ? new DomainError({ code: 'BAD_REQUEST', message: malformedMultipartMessage }) : error;
  }
  return { fields, files: Object.fromEntries(stored) as UploadedForm<Field>['files'] };
}
