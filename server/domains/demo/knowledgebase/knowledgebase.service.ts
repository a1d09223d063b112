import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { KnowledgeBaseCategory } from './knowledgebase.schemas';

export const knowledgeBaseCategories = (db: Db) => collection<KnowledgeBaseCategory>(db, 'knowledgebase.categories');

export function listKnowledgeBase(db: Db): KnowledgeBaseCategory[] {
  return knowledgeBaseCategories(db).list();
}
