import { and, eq, inArray, lt } from 'drizzle-orm';
import { parseFile, parseStream, type IAudioMetadata, type IOptions } from 'music-metadata';
import sharp from 'sharp';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { podcastUploads, type PodcastUploadKind } from '@db/schema/podcasts';
import { fieldError } from '@server/platform/errors';
import { newId } from '@server/lib/ids';
import type { Storage } from '@server/platform/storage';
import { mediaMessages, refuseFile, removeUploads, sniffAmong, uploadKinds, type StoredFile, type UploadKind, type UploadKindName } from '@server/platform/uploads';
import type { Services } from '@server/services';
import { podcastCover, podcastMessages } from './podcasts.schemas';

/** Uploads never attached (a form abandoned after its files were stored) are removed after a day. */
const staleAfterMs = 24 * 60 * 60 * 1000;

export type PodcastUploadRow = typeof podcastUploads.$inferSelect;
/** The database or one of its transactions. */
export type DbOrTransaction = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Seconds from the file's headers, else from a full scan (each parse reads the file from its start). */
async function durationOf(parse: (options: IOptions) => Promise<IAudioMetadata>): Promise<number | null> {
  try {
    let { format } = await parse({ skipCovers: true });
    if (format.duration === undefined) ({ format } = await parse({ skipCovers: true, duration: true }));
    return format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration) : null;
  } catch {
    return null;
  }
}

/** Seconds of audio or video, read from the file itself (a full scan only when the headers do not say). */
export function readMediaDuration(path: string): Promise<number | null> {
  return durationOf((options) => parseFile(path, options));
}

/** The same for a stored upload: from its file on disk, else streamed from the bucket (the size lets a constant-bitrate MP3 be timed from its head). */
export function readStoredMediaDuration(storage: Storage, file: Pick<StoredFile, 'key' | 'mimeType' | 'size'>): Promise<number | null> {
  const path = storage.localPath(file.key);
  if (path) return readMediaDuration(path);
  return durationOf(async (options) => {
    const body = await storage.read(file.key);
    if (!body) throw new Error('The stored file is gone');
    try {
      return await parseStream(body, { mimeType: file.mimeType, size: file.size }, options);
    } finally {
      body.destroy();
    }
  });
}

const colourNames: Record<string, string> = { cmyk: 'CMYK', 'b-w': 'greyscale', grey16: 'greyscale', lab: 'Lab', labs: 'Lab' };

/**
 * Apple's artwork rule, read from the image header with sharp: square, 1400–3000 px, JPEG or PNG, RGB (with or
 * without alpha). Answers what is wrong (for the message), or null when the cover is fine.
 */
export async function coverProblem(image: string | Buffer): Promise<string | null> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(image).metadata();
  } catch {
    return 'this file could not be read as an image';
  }
  const { width = 0, height = 0, format, space = '', channels = 0 } = metadata;
  if (format !== 'jpeg' && format !== 'png') return `this image is ${String(format).toUpperCase()}`;
  if (width !== height || width < podcastCover.minPixels || width > podcastCover.maxPixels) return `this image is ${width} × ${height} px`;
  if (!['srgb', 'rgb', 'rgb16'].includes(space) || (channels !== 3 && channels !== 4)) return `this image is ${colourNames[space] ?? space}`;
  return null;
}

/**
 * Covers (titles' and episodes', both become `itunes:image`): JPEG or PNG by their first bytes, else 415 with Apple's
 * rule; once stored, the rest of the rule (`coverProblem`), else 400 naming what is wrong.
 */
export const coverKind: UploadKind = {
  maxBytes: uploadKinds.image.maxBytes,
  sniff: sniffAmong(['image/jpeg', 'image/png']),
  typeMessage: podcastMessages.cover,
  tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: mediaMessages.imageSize },
  async validate(file) {
    const problem = await coverProblem(file);
    return problem ? { code: 'BAD_REQUEST', message: `${podcastMessages.cover}; ${problem}` } : null;
  },
};

/** How each kind of podcast file is read. */
export function podcastUploadKind(kind: PodcastUploadKind): UploadKindName | UploadKind {
  return kind === 'image' ? coverKind : kind;
}

/**
 * Records stored files as the owner's pending uploads (the media's duration read now) and answers their ids by field.
 * A file that cannot be read is refused (415) and every file of the request is removed.
 */
export async function stageUploads(
  services: Pick<Services, 'db' | 'storage'>,
  ownerId: string,
  files: Partial<Record<string, StoredFile>>,
  kinds: Record<string, PodcastUploadKind>,
): Promise<Record<string, string>> {
  const { db, storage } = services;
  await removeStaleUploads(services);
  const rows: Array<typeof podcastUploads.$inferInsert> = [];
  const ids: Record<string, string> = {};
  try {
    for (const [field, file] of Object.entries(files)) {
      if (!file) continue;
      const kind = kinds[field]!;
      let durationSeconds: number | null = null;
      if (kind === 'media') {
        durationSeconds = await readStoredMediaDuration(storage, file);
        if (durationSeconds === null) throw refuseFile(uploadKinds.media, field, { code: 'UNSUPPORTED_MEDIA_TYPE', message: mediaMessages.unreadable });
      }
      const id = newId();
      ids[field] = id;
      rows.push({ id, ownerId, kind, url: file.url, mimeType: file.mimeType, sizeBytes: file.size, durationSeconds });
    }
    if (rows.length) await db.insert(podcastUploads).values(rows);
  } catch (error) {
    await removeUploads(storage, Object.values(files).map((file) => file?.url));
    throw error;
  }
  return ids;
}

/** Removes pending uploads (rows and files) that a failed request left unattached. */
export async function discardUploads(services: Pick<Services, 'db' | 'storage'>, ids: string[]): Promise<void> {
  if (!ids.length) return;
  // Read and removed together: an upload claimed in between would otherwise lose its file.
  const rows = await services.db.transaction(async (tx) => {
    const found = await tx.select().from(podcastUploads).where(inArray(podcastUploads.id, ids));
    await tx.delete(podcastUploads).where(inArray(podcastUploads.id, ids));
    return found;
  });
  await removeUploads(services.storage, rows.map((row) => row.url));
}

async function removeStaleUploads(services: Pick<Services, 'db' | 'storage'>): Promise<void> {
  const cutoff = new Date(Date.now() - staleAfterMs).toISOString();
  // Read and removed together: an upload claimed in between would otherwise lose its file.
  const stale = await services.db.transaction(async (tx) => {
    const found = await tx.select().from(podcastUploads).where(lt(podcastUploads.createdAt, cutoff));
    if (found.length) await tx.delete(podcastUploads).where(inArray(podcastUploads.id, found.map((row) => row.id)));
    return found;
  });
  if (!stale.length) return;
  await removeUploads(services.storage, stale.map((row) => row.url));
}

/**
 * Takes one of the owner's pending uploads of the given kind for attaching (removing it from the pending list).
 * Runs inside the caller's transaction.
 */
export async function claimUpload(db: DbOrTransaction, ownerId: string, uploadId: string, kind: PodcastUploadKind, field: string): Promise<PodcastUploadRow> {
  const row = await firstRow(
    db.select().from(podcastUploads).where(and(eq(podcastUploads.id, uploadId), eq(podcastUploads.ownerId, ownerId), eq(podcastUploads.kind, kind))),
  );
  if (!row) throw fieldError('BAD_REQUEST', podcastMessages.uploadMissing, { [field]: podcastMessages.uploadMissing });
  await db.delete(podcastUploads).where(eq(podcastUploads.id, uploadId));
  return row;
}
