import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { KnowledgeBaseCategory } from './knowledgebase.schemas';

export const knowledgeBaseCategories = (db: Db) => collection<KnowledgeBaseCategory>(db, 'knowledgebase.categories');

export async function listKnowledgeBase(db: Db): Promise<KnowledgeBaseCategory[]> {
  return knowledgeBaseCategories(db).list();
}
