import type { Db } from '@db/client';
import type { QuickPanelItem } from '@server/domains/demo/quickpanel/quickpanel.schemas';
import { quickPanelEvents, quickPanelNotes } from '@server/domains/demo/quickpanel/quickpanel.service';
import type { DemoSeeder } from './seeder';
import { seededFaker, shiftDays, shortDateTime } from './sample-faker';

export function generateQuickPanel(): { notes: QuickPanelItem[]; events: QuickPanelItem[] } {
  const faker = seededFaker(701);
  const noteTitles = ['Setlist for Friday', 'Sponsor read copy', 'Gear to pack', 'Episode ideas'];
  const eventTitles = ['Team call', 'Live stream rehearsal', 'Podcast recording', 'Venue walkthrough'];
  const when = (days: number) => shortDateTime(shiftDays(days, faker.number.int({ min: 8 * 60, max: 20 * 60 })));
  return {
    notes: noteTitles.map((title, index) => ({ id: `note-${index + 1}`, title, detail: faker.lorem.sentence({ min: 5, max: 10 }) })),
    events: eventTitles.map((title, index) => ({ id: `event-${index + 1}`, title, detail: when(index + 1) })),
  };
}

export const quickpanelSeeder: DemoSeeder = {
  app: 'quickpanel',
  async seed(db: Db) {
    const { notes, events } = generateQuickPanel();
    await quickPanelNotes(db).replaceAll(notes);
    await quickPanelEvents(db).replaceAll(events);
  },
};
