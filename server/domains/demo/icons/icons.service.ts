import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { IconEntry } from './icons.schemas';

export const iconEntries = (db: Db) => collection<IconEntry>(db, 'icons.items');

export function listIcons(db: Db): IconEntry[] {
  return iconEntries(db).list();
}
