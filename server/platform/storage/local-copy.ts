import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { newId } from '@server/lib/ids';
import type { Storage } from './storage';

/**
 * A file on this machine holding a key's bytes, for tools that read files (sharp drawing a link preview): the disk
 * storage's own file, else a copy fetched once from the bucket into `cacheDir` (keys are written once, so a copy never
 * goes stale; the folder is a cache that may be emptied at any time). Null when there is no such object.
 */
export async function localCopy(storage: Storage, key: string, cacheDir: string): Promise<string | null> {
  const own = storage.localPath(key);
  if (own) return (await storage.exists(key)) ? own : null;
  const copy = join(cacheDir, ...key.split('/'));
  if (existsSync(copy)) return copy;
  const body = await storage.read(key);
  if (!body) return null;
  await mkdir(dirname(copy), { recursive: true });
  const temporary = `${copy}.${newId()}.tmp`;
  try {
    await pipeline(body, createWriteStream(temporary));
    await rename(temporary, copy);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return copy;
}
