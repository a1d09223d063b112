import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { AnalyticsWidgets } from './analytics.schemas';

/** The widgets are one document with id "widgets". */
export const analyticsDocuments = (db: Db) => collection<AnalyticsWidgets & { id: string }>(db, 'analytics.widgets');

export async function getAnalyticsWidgets(db: Db): Promise<AnalyticsWidgets> {
  const document = await analyticsDocuments(db).get('widgets');
  if (!document) throw new DomainError({ code: 'NOT_FOUND', message: 'The analytics widgets have not been seeded.' });
  const { id: _id, ...widgets } = document;
  return widgets;
}
