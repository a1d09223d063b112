import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMessageIdFactory } from '@server/domains/chat/message-ids';
import type { ChatStoreOptions } from '@server/domains/chat/chat.store';
import type { ChatRuntime } from '@server/domains/chat/chat.runtime';
import { bearer, createUser, type TestUser } from '../helpers/app';
import { createTestInstances, untilReady, type TestInstance, type TestInstances } from '../helpers/instances';
import { useRedis } from '../engines/redis';
import { freshRateLimits, insertEvent, socketClient, waitFor, watchRoom, type Received } from './chat/chat-helpers';

const redis = useRedis();

describe('chat across two instances sharing Redis', () => {
  let cluster: TestInstances;
  let a: TestInstance;
  let b: TestInstance;
  let creator: TestUser;
  let viewer: TestUser;
  let eventId: string;
  const sockets: Array<{ close(): Promise<void> }> = [];

  beforeEach(async () => {
    cluster = await createTestInstances(2, { REDIS_URL: redis.current.url, REDIS_KEY_PREFIX: redis.current.keyPrefix() });
    [a, b] = cluster.instances as [TestInstance, TestInstance];
    await untilReady(cluster.instances);
    creator = await createUser(a.app, { role: 'dj' });
    viewer = await createUser(a.app, { role: 'viewer' });
    eventId = await insertEvent(a.app, creator.id);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await cluster.close();
  });

  function watch(instance: TestInstance, lastEventId?: string) {
    const socket = socketClient(instance.app, viewer.token);
    sockets.push(socket);
    return watchRoom(socket, eventId, lastEventId);
  }

  /** Sends through an instance's REST path as `sender`, with a fresh budget (the tests send more than 3 a sender). */
  async function send(instance: TestInstance, text: string, sender: TestUser = viewer) {
    freshRateLimits(instance.app);
    const answer = await instance.app.inject({ method: 'POST', url: '/trpc/chat.send', headers: bearer(sender.token), payload: { eventId, text, displayName: sender === creator ? 'Host' : 'Vera' } });
    expect(answer.statusCode).toBe(200);
    return answer.json().result.data as { id: string; text: string };
  }

  /** Waits until each instance's room has its subscribers and their bus subscription is active. */
  async function listening(...counts: Array<[TestInstance, number]>) {
    for (const [instance, count] of counts) {
      await waitFor(() => instance.app.services.chat.rooms.subscriberCount(eventId) === count);
      await instance.app.services.bus.barrier();
    }
  }

  const messageIds = (entries: Received[]) => entries.flatMap((entry) => (entry.item.type === 'message' ? [entry.id] : []));
  const texts = (entries: Received[]) => entries.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message.text] : []));

  it('delivers a message sent through A to a subscriber on B within a second, in order, once; a deletion on B reaches A', async () => {
    const onB = watch(b);
    const onA = watch(a);
    await listening([a, 1], [b, 1]);
    const started = Date.now();
    const first = await send(a, 'one');
    await onB.until((entries) => entries.length === 1, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const text of ['two', 'three', 'four']) await send(a, text);
    await onB.until((entries) => entries.length === 4);
    await onA.until((entries) => entries.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(texts(onB.received)).toEqual(['one', 'two', 'three', 'four']);
    expect(onB.received).toEqual(onA.received);
    expect(onB.received[0]).toMatchObject({ id: first.id, item: { type: 'message', message: { id: first.id, text: 'one', userId: viewer.id } } });

    const deletion = await b.app.inject({ method: 'POST', url: '/trpc/chat.deleteMessage', headers: bearer(creator.token), payload: { eventId, messageId: first.id } });
    expect(deletion.statusCode).toBe(200);
    await onA.until((entries) => entries.some((entry) => entry.item.type === 'deleted'));
    expect(onA.received.at(-1)!.item).toEqual({ type: 'deleted', messageId: first.id });
  });

  it('keeps one order on every subscriber when both instances send at once, although B mints ids behind A', async () => {
    // B's clock is a minute behind: its own ids would sort before A's.
    (b.app.services.chat as { nextId: ChatRuntime['nextId'] }).nextId = createMessageIdFactory(() => Date.now() - 60_000);
    const onA = watch(a);
    const onB = watch(b);
    await listening([a, 1], [b, 1]);
    // Two messages per sender (within the 3 per 2 s each), all at once, half through each instance.
    const senders = await Promise.all(Array.from({ length: 12 }, () => createUser(a.app, { role: 'viewer' })));
    const sent = await Promise.all(
      Array.from({ length: 24 }, (_, index) => {
        const instance = index % 2 ? b : a;
        const sender = senders[index % senders.length]!;
        return instance.app.inject({ method: 'POST', url: '/trpc/chat.send', headers: bearer(sender.token), payload: { eventId, text: `m${index}`, displayName: 'Vera' } });
      }),
    );
    expect(sent.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 24 }, () => 200));
    const accepted = sent.map((answer) => (answer.json() as { result: { data: { id: string } } }).result.data.id);
    await onA.until((entries) => entries.length === accepted.length);
    await onB.until((entries) => entries.length === accepted.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = messageIds(onA.received);
    expect(messageIds(onB.received)).toEqual(ids);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(accepted.length);
    expect([...accepted].sort()).toEqual(ids);
  });

  it('resumes with lastEventId on the other instance with no gap and no duplicate, even before the sender has stored the messages', async () => {
    const first = watch(a);
    await listening([a, 1]);
    await send(a, 'one');
    await send(b, 'two');
    await first.until((entries) => entries.length === 2);
    const lastSeen = first.received.at(-1)!.id;
    first.stop();

    // A's write-behind is slow now: what it sends stays out of the database for a while.
    Object.assign((a.app.services.chat.store as unknown as { options: ChatStoreOptions }).options, { flushDelayMs: 3_000 });
    await send(a, 'three');
    await send(b, 'four');
    await send(a, 'five');
    const resumed = watch(b, lastSeen);
    await resumed.until((entries) => entries.length >= 3);
    await send(a, 'six');
    await send(b, 'seven');
    await resumed.until((entries) => entries.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(texts(resumed.received)).toEqual(['three', 'four', 'five', 'six', 'seven']);
    const ids = messageIds(resumed.received);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]! > lastSeen).toBe(true);

    // And everyone joining fresh on either instance gets the whole history once.
    const fresh = watch(a);
    await fresh.until((entries) => entries.length === 7);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(texts(fresh.received)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven']);
  });
});
