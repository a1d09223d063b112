import type { Db } from '@db/client';
import type { UserRole } from '@common/roles';
import { collection } from '../demo.store';
import { navigationSuggestions, shortcutMatches, type NavigationMatch } from '@common/navigation';
import type { SearchItem } from './search.schemas';

export const searchItems = (db: Db) => collection<SearchItem>(db, 'search.items');

export async function listSearchItems(db: Db): Promise<SearchItem[]> {
  return searchItems(db).list();
}

export function suggestions(query: string | undefined, role: UserRole): NavigationMatch[] {
  return navigationSuggestions(query ?? '', role);
}

export function shortcuts(query: string | undefined, role: UserRole): NavigationMatch[] {
  return shortcutMatches(query ?? '', role);
}
