import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { FileEntry } from './files.schemas';

export const fileEntries = (db: Db) => collection<FileEntry>(db, 'files.items');

export async function listFiles(db: Db): Promise<FileEntry[]> {
  return fileEntries(db).list();
}
