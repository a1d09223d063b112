import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { FaqEntry } from './faq.schemas';

export const faqEntries = (db: Db) => collection<FaqEntry>(db, 'faq.entries');

export async function listFaqs(db: Db): Promise<FaqEntry[]> {
  return faqEntries(db).list();
}
