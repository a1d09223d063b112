import { rm } from 'node:fs/promises';
import { join } from 'node:path';

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

/** The stored file an upload URL (`/uploads/<name>`) points at, or null for anything else. */
export function uploadPath(dataDir: string, url: string | null | undefined): string | null {
  const match = url ? /^\/uploads\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url) : null;
  return match ? join(uploadsDir(dataDir), match[1]!) : null;
}

/** Removes stored uploads by URL; URLs that are not ours are ignored. */
export async function removeUploads(dataDir: string, urls: Array<string | null | undefined>): Promise<void> {
  await Promise.all(urls.map((url) => uploadPath(dataDir, url)).map((path) => (path ? rm(path, { force: true }) : undefined)));
}

/** Removes stored files (a request that failed after they were written). */
export async function removeStored(files: Iterable<StoredFile | undefined>): Promise<void> {
  await Promise.all([...files].map((file) => (file ? rm(file.path, { force: true }) : undefined)));
}
