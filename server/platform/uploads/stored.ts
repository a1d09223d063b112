import { join } from 'node:path';
import type { Storage } from '@server/platform/storage';

export interface StoredFile {
  /** Public path the file is served at: `/uploads/<name>`. */
  url: string;
  /** Its key in the storage: `uploads/<name>`. */
  key: string;
  mimeType: string;
  size: number;
}

/** Where the disk storage keeps uploads: DATA_DIR/uploads (key `uploads/<name>`). */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Stored names: a random id and the extension of the checked type. */
const uploadUrlPattern = /^\/uploads\/([A-Za-z0-9_-]+\.[A-Za-z0-9]+)$/;

/** The storage key an upload URL (`/uploads/<name>`) points at, or null for anything else (an external URL). */
export function uploadKey(url: string | null | undefined): string | null {
  const match = url ? uploadUrlPattern.exec(url) : null;
  return match ? `uploads/${match[1]!}` : null;
}

/** The URL an upload is served at. */
export function uploadUrlOf(name: string): string {
  return `/uploads/${name}`;
}

/** Removes stored uploads by URL; URLs that are not ours are ignored. */
export async function removeUploads(storage: Storage, urls: Array<string | null | undefined>): Promise<void> {
  const keys = urls.map(uploadKey).filter((key): key is string => key !== null);
  if (keys.length) await storage.delete(keys);
}

/** Removes stored files (a request that failed after they were written). */
export async function removeStored(storage: Storage, files: Iterable<StoredFile | undefined>): Promise<void> {
  const keys = [...files].flatMap((file) => (file ? [file.key] : []));
  if (keys.length) await storage.delete(keys);
}
