import { inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { chatMessages } from '@db/schema/chat';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { createMessageIdFactory } from '@server/domains/chat/message-ids';

/** The viewers who wrote the sample chat (they cannot sign in: no password). */
const chatViewers = [
  { id: 'seed-viewer-ana', displayName: 'Ana', firstName: 'Ana', lastName: 'Costa' },
  { id: 'seed-viewer-jules', displayName: 'Jules', firstName: 'Jules', lastName: 'Martin' },
  { id: 'seed-viewer-kenji', displayName: 'Kenji', firstName: 'Kenji', lastName: 'Sato' },
] as const;

/** Who says what, in order; `null` is the event's creator. */
const script: Array<[viewerIndex: number | null, text: string]> = [
  [null, 'Welcome everyone! We start in a few minutes.'],
  [0, 'Hi from Lisbon 👋'],
  [1, 'So glad I made it in time'],
  [2, 'The sound is great tonight'],
  [null, 'Thanks! Drop your requests here.'],
  [0, 'Could you play the one from last week again?'],
];

/** Who wrote the sample chat and sent the sample tips, as viewer rows (kept as they are when already there). */
export async function seedChatViewers(db: Pick<Db, 'insert'>): Promise<Array<{ id: string; displayName: string }>> {
  await db
    .insert(users)
    .values(chatViewers.map((viewer) => ({ ...viewer, email: `${viewer.id}@cuepoint.local`, role: 'viewer' as const, isActive: true })))
    .onConflictDoNothing();
  return chatViewers.map(({ id, displayName }) => ({ id, displayName }));
}

/**
 * When an event's history starts: an event that is over had its chat while it ran (a few minutes after its start),
 * any other one just before the seed ran, so live messages always sort after it.
 */
function historyStart(event: { startDateTime: string | null; endDateTime: string | null }, now: number): number {
  const start = event.startDateTime ? Date.parse(event.startDateTime) : NaN;
  const end = event.endDateTime ? Date.parse(event.endDateTime) : NaN;
  if (end <= now && end - start > (script.length + 10) * 60_000) return start + 5 * 60_000;
  return now - script.length * 60_000;
}

/**
 * A short, deterministic chat history for every event that has none yet (run after the events are seeded).
 * Messages are one minute apart: during the event for one that is over, else just before the seed ran.
 */
export async function seedChatHistory(db: Db, now: number = Date.now()): Promise<number> {
  // One transaction for the whole step: one commit, and the "which events have no history?" read holds until the
  // messages are written (formerly one synchronous run).
  return db.transaction(async () => {
    const allEvents = await db.select({ id: events.id, userId: events.userId, startDateTime: events.startDateTime, endDateTime: events.endDateTime }).from(events);
    if (allEvents.length === 0) return 0;
    const withHistory = new Set(
      (
        await db
          .selectDistinct({ eventId: chatMessages.eventId })
          .from(chatMessages)
          .where(inArray(chatMessages.eventId, allEvents.map((event) => event.id)))
      ).map((row) => row.eventId),
    );
    const pending = allEvents.filter((event) => !withHistory.has(event.id));
    if (pending.length === 0) return 0;

    await seedChatViewers(db);
    const creatorNames = new Map(
      (
        await db
          .select({ id: users.id, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, [...new Set(pending.map((event) => event.userId))]))
      ).map((row) => [row.id, row.displayName]),
    );

    let written = 0;
    for (const event of pending) {
      let time = historyStart(event, now);
      const nextId = createMessageIdFactory(() => time);
      for (const [viewerIndex, text] of script) {
        const viewer = viewerIndex === null ? null : chatViewers[viewerIndex]!;
        await db.insert(chatMessages).values({
          id: nextId(),
          eventId: event.id,
          userId: viewer?.id ?? event.userId,
          displayName: viewer?.displayName ?? creatorNames.get(event.userId) ?? 'Host',
          photoUrl: null,
          text,
          createdAt: new Date(time).toISOString(),
        });
        time += 60_000;
        written += 1;
      }
    }
    return written;
  });
}

/** The sample chat's texts, in order. */
export const seededChatTexts = script.map(([, text]) => text);
