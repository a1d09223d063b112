import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { IconEntry } from './icons.schemas';

export const iconEntries = (db: Db) => collection<IconEntry>(db, 'icons.items');

export async function listIcons(db: Db): Promise<IconEntry[]> {
  return iconEntries(db).list();
}
