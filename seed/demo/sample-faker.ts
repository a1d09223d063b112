import { base, en, Faker } from '@faker-js/faker';

/** Every generated date is relative to this instant, so seeds are byte-identical across runs. */
export const demoReferenceDate = new Date('2026-01-15T00:00:00.000Z');

/** A private, seeded faker (never the shared global instance) anchored at the reference date. */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  faker.setDefaultRefDate(demoReferenceDate);
  return faker;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The reference date moved by a number of days (negative = earlier) plus optional minutes. */
export function shiftDays(days: number, minutes = 0): Date {
  return new Date(demoReferenceDate.getTime() + days * dayMs + minutes * 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY/MM/DD HH:mm:ss" in UTC, the order date format. */
export function slashDateTime(date: Date): string {
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** An amount as a string with two decimals. */
export function money(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

/** Rounds to cents (avoids 0.1 + 0.2 style drift in generated prices). */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A stable hex id (24 chars, like the sample's ids) from the seeded faker. */
export function hexId(faker: Faker): string {
  return faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' });
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "January 5, 2026" in UTC (formatted by hand so the text never depends on the ICU build). */
export function longDate(date: Date): string {
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Fri, Jan 16, 10:30" in UTC. */
export function shortDateTime(date: Date): string {
  return `${dayNames[date.getUTCDay()]!.slice(0, 3)}, ${monthNames[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
