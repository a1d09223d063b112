import type { Db } from '@db/client';
import type { AnalyticsWidgets } from '@server/domains/demo/analytics/analytics.schemas';
import { analyticsDocuments } from '@server/domains/demo/analytics/analytics.service';
import type { DemoSeeder } from './seeder';
import { seededFaker, shiftDays } from './sample-faker';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Widgets 1 to 9 of the analytics dashboard; visitor figures are in thousands (the chart labels them "k"). */
export function generateAnalyticsWidgets(): AnalyticsWidgets {
  const faker = seededFaker(901);
  const series = (count: number, min: number, max: number) =>
    Array.from({ length: count }, () => faker.number.float({ min, max, fractionDigits: 1 }));
  const ints = (count: number, min: number, max: number) => Array.from({ length: count }, () => faker.number.int({ min, max }));
  const year = shiftDays(0).getUTCFullYear();
  const years = [year - 2, year - 1, year].map(String);
  const lastDays = Array.from({ length: 7 }, (_, index) => shiftDays(index - 6).toISOString().slice(5, 10));
  const stat = (title: string, min: number, max: number) => ({
    title,
    value: faker.number.int({ min, max }),
    change: faker.number.float({ min: -15, max: 25, fractionDigits: 1 }),
    labels: lastDays,
    datasets: [{ label: title, data: ints(7, Math.round(min / 7), Math.round(max / 7)) }],
  });
  return {
    widget1: {
      title: 'Visitors',
      ranges: Object.fromEntries(years.map((value) => [value, value])),
      currentRange: String(year),
      labels: months,
      datasets: Object.fromEntries(years.map((value) => [value, [{ label: 'Visitors', data: series(12, 1.5, 6.5) }]])),
    },
    widget2: stat('Conversion', 400, 900),
    widget3: stat('Impressions', 60_000, 120_000),
    widget4: stat('Visits', 5_000, 12_000),
    widget5: {
      title: 'Visitors vs Page Views',
      labels: lastDays,
      datasets: [
        { label: 'Visitors', data: series(7, 1, 4) },
        { label: 'Page views', data: series(7, 3, 9) },
      ],
    },
    widget6: {
      title: 'Visitors by location',
      markers: Array.from({ length: 8 }, () => ({
        label: faker.location.city(),
        lat: faker.location.latitude({ precision: 4 }),
        lng: faker.location.longitude({ precision: 4 }),
        visits: faker.number.int({ min: 100, max: 5000 }),
      })),
    },
    widget7: {
      title: 'Sessions by device',
      labels: ['Desktop', 'Mobile', 'Tablet'],
      data: [56, 36, 8],
      change: [faker.number.float({ min: -5, max: 5, fractionDigits: 1 }), faker.number.float({ min: -5, max: 5, fractionDigits: 1 }), faker.number.float({ min: -5, max: 5, fractionDigits: 1 })],
    },
    widget8: {
      title: 'Acquisition channels',
      labels: ['Direct', 'Search', 'Social', 'Referral', 'Email'],
      datasets: [{ label: 'Sessions', data: ints(5, 200, 2000) }],
    },
    widget9: {
      title: 'Top campaigns',
      rows: ['Spring Sessions', 'Live Friday', 'Podcast Launch', 'Holiday Mix', 'Creator Week', 'Replay Promo'].map((title) => ({
        title,
        clicks: faker.number.int({ min: 500, max: 20_000 }),
        conversion: faker.number.int({ min: 10, max: 900 }),
      })),
    },
  };
}

export const analyticsSeeder: DemoSeeder = {
  app: 'analytics',
  async seed(db: Db) {
    await analyticsDocuments(db).replaceAll([{ id: 'widgets', ...generateAnalyticsWidgets() }]);
  },
};
