import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { liveSessions } from '@db/schema/live';
import { payments, tips } from '@db/schema/payments';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { eventPagePath } from '@server/domains/events/events.schemas';
import { writeLedgerEntries } from '@server/domains/payments/ledger';
import { newId } from '@server/lib/ids';
import { publishedCardFeeCents } from '@server/providers/payments/interface';
import { seedChatViewers } from './chat';

const hour = 3_600_000;
const day = 24 * hour;

interface DemoEvent {
  name: string;
  description: string;
  /** Start and end relative to the seeding time; absent means "TBA". */
  window?: { startMs: number; endMs: number };
  premiumPriceCents?: number;
  /**
   * An event that is over and went out through our own ingest: its ended live session (the event's window) and the
   * tips sent while it was on air (a tip button's title, minutes after the start, the tipper's message).
   */
  broadcast?: { tips: Array<{ title: string; minute: number; message?: string }> };
}

interface DemoCreator {
  /** The demo account (seed/accounts.ts): matched by email and tag, so a real account never gets demo events. */
  email: string;
  creatorTag: string;
  streamValue: string;
  events: DemoEvent[];
  tips: { title: string; amountCents: number; icon: string }[];
}

/** Each demo creator: one event live now, one upcoming, one premium, one TBA, one streamed last week; a stream; a few tip buttons. */
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
      {
        name: 'Night Shift: the closing set',
        description: 'Two hours of closing records streamed from the booth, with requests from the chat.',
        window: { startMs: -9 * day, endMs: -9 * day + 2 * hour },
        broadcast: {
          tips: [
            { title: 'Request a track', minute: 24, message: 'Play the one with the strings!' },
            { title: 'Big thanks', minute: 97 },
          ],
        },
      },
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
      {
        name: 'Studio Hang: First Guests',
        description: 'The first open-mic interviews: three guests, two songs each, questions from the chat.',
        window: { startMs: -8 * day, endMs: -8 * day + 2 * hour },
        broadcast: {
          tips: [
            { title: 'Support the show', minute: 15 },
            { title: 'Buy the band a coffee', minute: 62, message: 'Great questions tonight' },
          ],
        },
      },
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
 * who changed things) is left alone. Times are relative to `now`: a fresh database always has an event live now, and
 * one that was streamed last week with its session and tips (written with the events, so only with them).
 */
export async function seedEvents(db: Db, now = new Date()): Promise<void> {
  // One transaction: one commit for the whole step, and each "has none yet?" check holds until its insert.
  await db.transaction(async () => {
    // Broadcasts of the events written in this run (after the tip buttons, whose ids their tips name).
    const pendingBroadcasts: Broadcast[] = [];
    for (const creator of demoCreators) {
      const userId = await creatorId(db, creator);
      if (!userId) continue;
      await db
        .update(users)
        .set({ streamValue: creator.streamValue })
        .where(and(eq(users.id, userId), sql`${users.streamValue} IS NULL`));
      if ((await count(db, events, userId)) === 0) {
        const rows = creator.events.map((event) => ({ event, id: newId() }));
        await db
          .insert(events)
          .values(
            rows.map(({ event, id }) => ({
              id,
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
        for (const { event, id } of rows) if (event.broadcast && event.window) pendingBroadcasts.push({ creator, userId, eventId: id, window: event.window, broadcast: event.broadcast });
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
    for (const broadcast of pendingBroadcasts) await seedBroadcast(db, broadcast, now);
  });
}

interface Broadcast {
  creator: DemoCreator;
  userId: string;
  eventId: string;
  window: NonNullable<DemoEvent['window']>;
  broadcast: NonNullable<DemoEvent['broadcast']>;
}

/**
 * A past event's broadcast as the live and payments domains leave it: an ended live session over the event's window
 * (no recording kept), and each tip as a succeeded payment of the local provider with its ledger entries and tip row,
 * paid by the sample chat's viewers in turn.
 */
async function seedBroadcast(db: Db, { creator, userId, eventId, window, broadcast }: Broadcast, now: Date): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  await db.insert(liveSessions).values({ id: newId(), userId, eventId, state: 'ended', startedAt: at(window.startMs), endedAt: at(window.endMs) });
  const viewers = await seedChatViewers(db);
  const buttons = await db.select({ id: tipOptions.id, title: tipOptions.title }).from(tipOptions).where(eq(tipOptions.userId, userId));
  for (const [index, tip] of broadcast.tips.entries()) {
    const amountCents = creator.tips.find((option) => option.title === tip.title)!.amountCents;
    const feeCents = publishedCardFeeCents(amountCents);
    const paidAt = at(window.startMs + tip.minute * 60_000);
    const payer = viewers[index % viewers.length]!;
    const tipOptionId = buttons.find((button) => button.title === tip.title)?.id ?? null;
    const payment = {
      id: newId(),
      kind: 'tip' as const,
      provider: 'local' as const,
      status: 'succeeded' as const,
      amountCents,
      feeCents,
      payerId: payer.id,
      creatorId: userId,
      eventId,
      tipOptionId,
      description: tip.title,
      message: tip.message ?? null,
      cardLast4: '4242',
      createdAt: paidAt,
      updatedAt: paidAt,
      succeededAt: paidAt,
    };
    await db.insert(payments).values(payment);
    await writeLedgerEntries(db, payment, feeCents);
    await db.insert(tips).values({
      id: newId(),
      paymentId: payment.id,
      creatorId: userId,
      viewerId: payer.id,
      eventId,
      tipOptionId,
      title: tip.title,
      amountCents,
      message: payment.message,
      createdAt: paidAt,
    });
  }
}

/** The public page of the first demo creator's events (for the start-up banner), or null when that creator is absent. */
export async function demoEventPagePath(db: Db): Promise<string | null> {
  const [first] = demoCreators;
  return first && (await creatorId(db, first)) ? eventPagePath(first.creatorTag) : null;
}
