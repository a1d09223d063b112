import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { FileEntry } from './files.schemas';

export const fileEntries = (db: Db) => collection<FileEntry>(db, 'files.items');

export function listFiles(db: Db): FileEntry[] {
  return fileEntries(db).list();
}
