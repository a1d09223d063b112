import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { QuickPanelData, QuickPanelItem } from './quickpanel.schemas';

export const quickPanelNotes = (db: Db) => collection<QuickPanelItem>(db, 'quickpanel.notes');
export const quickPanelEvents = (db: Db) => collection<QuickPanelItem>(db, 'quickpanel.events');

export async function getQuickPanelData(db: Db): Promise<QuickPanelData> {
  return { notes: await quickPanelNotes(db).list(), events: await quickPanelEvents(db).list() };
}
