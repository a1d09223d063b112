/**
 * The chat part of bench/scale.ts (its subscribers are in bench/scale-subscribers.ts): a room and 20 signed-in viewers
 * written into the shared SQLite file before the instances start, and a sender that posts through one instance at a
 * steady rate.
 */
import { openDatabase } from '@db/client';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { TokenService } from '@server/platform/tokens';
import { now } from './scale-subscribers';

export interface ChatFixtures {
  eventId: string;
  /** Viewers' tokens; sends go round-robin over them so none reaches chat's 3 messages per 2 s. */
  senderTokens: string[];
}

/** A creator, an active event and 20 viewers in the database file (migrated first), with tokens signed by `jwtSecret`. */
export async function insertChatFixtures(databaseFile: string, jwtSecret: string): Promise<ChatFixtures> {
  const { db, close } = openDatabase(databaseFile);
  try {
    const user = (id: string, role: 'dj' | 'viewer') => ({ id, email: `${id}@bench.test`.toLowerCase(), firstName: 'Bench', lastName: role, displayName: `Bench ${role}`, role, isActive: true });
    const creatorId = newId();
    const eventId = newId();
    await db.insert(users).values(user(creatorId, 'dj'));
    await db.insert(events).values({ id: eventId, userId: creatorId, name: 'Scale bench event', isActive: true });
    const tokens = new TokenService(jwtSecret, 3600);
    const senderTokens: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const id = newId();
      await db.insert(users).values(user(id, 'viewer'));
      senderTokens.push(await tokens.issue({ userId: id, role: 'viewer', typ: 'viewer', tokenVersion: 0 }));
    }
    return { eventId, senderTokens };
  } finally {
    await close();
  }
}

export interface SendResult {
  /** Ids of the accepted messages, in the order the sending instance assigned them (its ids strictly increase). */
  ids: string[];
  failed: number;
}

/** Sends `total` messages through `httpUrl`, one every 1000/rate ms, round-robin over the viewers. */
export function sendAtRate(httpUrl: string, fixtures: ChatFixtures, rate: number, total: number): Promise<SendResult> {
  const ids: string[] = [];
  let sent = 0;
  let failed = 0;
  let answered = 0;
  return new Promise((done) => {
    const timer = setInterval(() => {
      const token = fixtures.senderTokens[sent % fixtures.senderTokens.length]!;
      sent += 1;
      fetch(`${httpUrl}/trpc/chat.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ eventId: fixtures.eventId, text: `scale ${now()}`, displayName: 'Bench' }),
      })
        .then(async (response) => {
          if (!response.ok) failed += 1;
          else ids.push(((await response.json()) as { result: { data: { id: string } } }).result.data.id);
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => {
          answered += 1;
          if (answered === total) done({ ids: ids.sort(), failed });
        });
      if (sent >= total) clearInterval(timer);
    }, 1000 / rate);
  });
}
