import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Invoice } from './invoices.schemas';

export const invoiceEntries = (db: Db) => collection<Invoice>(db, 'invoices.items');

export const invoiceNotFoundMessage = 'Requested invoice does not exist.';

export async function getInvoice(db: Db, id: string): Promise<Invoice> {
  const found = await invoiceEntries(db).get(id);
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: invoiceNotFoundMessage });
  return found;
}
