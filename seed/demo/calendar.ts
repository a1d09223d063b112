import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { calendarCollections } from '@server/domains/demo/calendar/calendar.service';
import type { CalendarEvent } from '@server/domains/demo/calendar/calendar.schemas';
import type { DemoSeeder } from './seeder';

const dayMs = 86_400_000;

/** Events spread over the previous, current and next month (UTC), from a fixed seed. */
export function generateEvents(today: Date = new Date()): CalendarEvent[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4707);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  return Array.from({ length: 18 }, (_, index) => {
    const day = faker.number.int({ min: -20, max: 50 });
    const allDay = index % 5 === 0;
    const startHour = faker.number.int({ min: 8, max: 17 });
    const start = allDay ? monthStart + day * dayMs : monthStart + day * dayMs + startHour * 3_600_000;
    const end = allDay ? start + faker.number.int({ min: 1, max: 3 }) * dayMs : start + faker.number.int({ min: 1, max: 4 }) * 1_800_000;
    return {
      id: faker.string.uuid(),
      title: faker.helpers.arrayElement(['Team sync', 'Sound check', 'Release review', 'Podcast recording', 'Client call', 'Live set', 'Planning', 'Studio session']),
      allDay,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      desc: faker.lorem.sentence(),
    };
  }).sort((a, b) => a.start.localeCompare(b.start));
}

export const calendarSeeder: DemoSeeder = {
  app: 'calendar',
  async seed(db: Db) {
    await calendarCollections.events(db).replaceAll(generateEvents());
  },
};
