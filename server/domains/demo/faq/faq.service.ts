import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { FaqEntry } from './faq.schemas';

export const faqEntries = (db: Db) => collection<FaqEntry>(db, 'faq.entries');

export function listFaqs(db: Db): FaqEntry[] {
  return faqEntries(db).list();
}
