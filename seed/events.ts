import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { newId } from '@server/lib/ids';

const hour = 3_600_000;
const day = 24 * hour;

interface DemoEvent {
  name: string;
  description: string;
  /** Start and end relative to the seeding time; absent means "TBA". */
  window?: { startMs: number; endMs: number };
  premiumPriceCents?: number;
}

interface DemoCreator {
  /** The demo account (seed/accounts.ts): matched by email and tag, so a real account never gets demo events. */
  email: string;
  creatorTag: string;
  streamValue: string;
  events: DemoEvent[];
  tips: { title: string; amountCents: number; icon: string }[];
}

/** Each demo creator: one event live now, one upcoming, one premium, one TBA; a stream; a few tip buttons. */
const demoCreators: DemoCreator[] = [
  {
    email: 'mara@cuepoint.local',
    creatorTag: 'mara_quill',
    // A public HLS test stream (Mux).
    streamValue: 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8',
    events: [
      { name: 'Around the Clock: deep house listening room', description: 'An open room with a rolling mix of new deep house records. Drop in any time this week.', window: { startMs: -hour, endMs: 7 * day } },
      { name: 'Vinyl Only Friday', description: 'Two hours of records pulled from the crates, with the stories behind them.', window: { startMs: 2 * day, endMs: 2 * day + 2 * hour } },
      { name: 'Members Session: Sunrise Set', description: 'A four-hour sunrise set for members, with a live Q&A at the end.', window: { startMs: 5 * day, endMs: 5 * day + 4 * hour }, premiumPriceCents: 999 },
      { name: 'Secret Warehouse Stream', description: 'Location and date to be announced. Follow the calendar feed to hear first.' },
    ],
    tips: [
      { title: 'Buy me a coffee', amountCents: 500, icon: 'coffee' },
      { title: 'Request a track', amountCents: 1000, icon: 'record' },
      { title: 'Big thanks', amountCents: 2500, icon: 'heart' },
    ],
  },
  {
    email: 'tobin@cuepoint.local',
    creatorTag: 'tobin_live',
    streamValue: 'https://www.youtube.com/watch?v=jfKfPfyJRdk',
    events: [
      { name: 'Studio Hang: Open Mic Interviews', description: 'Independent musicians drop in to talk about their newest releases.', window: { startMs: -30 * 60_000, endMs: 3 * day } },
      { name: 'Thursday Interview: The Rooftop Strings', description: 'A conversation and three live songs from the Rooftop Strings.', window: { startMs: 3 * day + 2 * hour, endMs: 3 * day + 4 * hour } },
      { name: 'Backstage Pass: Album Launch Party', description: 'The full album played live, with backstage chat for pass holders.', window: { startMs: 9 * day, endMs: 9 * day + 3 * hour }, premiumPriceCents: 1500 },
      { name: 'Festival Special', description: 'A festival-weekend special. Dates to be announced.' },
    ],
    tips: [
      { title: 'Support the show', amountCents: 300, icon: 'heart' },
      { title: 'Buy the band a coffee', amountCents: 700, icon: 'coffee' },
    ],
  },
];

async function creatorId(db: Db, creator: DemoCreator): Promise<string | null> {
  return (await firstRow(db.select({ id: users.id }).from(users).where(and(eq(users.email, creator.email), eq(users.creatorTag, creator.creatorTag)))))?.id ?? null;
}

async function count(db: Db, table: typeof events | typeof tipOptions, userId: string): Promise<number> {
  return (await firstRow(db.select({ count: sql<number>`count(*)` }).from(table).where(eq(table.userId, userId))))?.count ?? 0;
}

/**
 * Gives each demo creator that exists a stream, events and tip buttons — only what they lack, so a rerun (or a creator
 * who changed things) is left alone. Times are relative to `now`: a fresh database always has an event live now.
 */
export async function seedEvents(db: Db, now = new Date()): Promise<void> {
  // One transaction: one commit for the whole step, and each "has none yet?" check holds until its insert.
  await db.transaction(async () => {
    for (const creator of demoCreators) {
      const userId = await creatorId(db, creator);
      if (!userId) continue;
      await db
        .update(users)
        .set({ streamValue: creator.streamValue })
        .where(and(eq(users.id, userId), sql`${users.streamValue} IS NULL`));
      if ((await count(db, events, userId)) === 0) {
        await db
          .insert(events)
          .values(
            creator.events.map((event) => ({
              id: newId(),
              userId,
              name: event.name,
              description: event.description,
              startDateTime: event.window ? new Date(now.getTime() + event.window.startMs).toISOString() : null,
              endDateTime: event.window ? new Date(now.getTime() + event.window.endMs).toISOString() : null,
              isPremium: event.premiumPriceCents !== undefined,
              premiumPriceCents: event.premiumPriceCents ?? 0,
              isActive: true,
            })),
          );
      }
      if ((await count(db, tipOptions, userId)) === 0) {
        await db
          .insert(tipOptions)
          .values(
            creator.tips.map((tip, position) => ({
              id: newId(),
              userId,
              title: tip.title,
              amountCents: tip.amountCents,
              iconUrl: `/tip-icons/${tip.icon}.svg`,
              position,
            })),
          );
      }
    }
  });
}

/** The public page of the first demo creator's events (for the start-up banner), or null when that creator is absent. */
export async function demoEventPagePath(db: Db): Promise<string | null> {
  const [first] = demoCreators;
  return first && (await creatorId(db, first)) ? eventPagePath(first.creatorTag) : null;
}
