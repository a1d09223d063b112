import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { QuickPanelData, QuickPanelItem } from './quickpanel.schemas';

export const quickPanelNotes = (db: Db) => collection<QuickPanelItem>(db, 'quickpanel.notes');
export const quickPanelEvents = (db: Db) => collection<QuickPanelItem>(db, 'quickpanel.events');

export function getQuickPanelData(db: Db): QuickPanelData {
  return { notes: quickPanelNotes(db).list(), events: quickPanelEvents(db).list() };
}
