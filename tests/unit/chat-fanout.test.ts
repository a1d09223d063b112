import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Bus, BoundedQueue } from '@server/platform/bus';
import { MemoryOrderedLog } from '@server/platform/ordered-log';
import { ChatDelivery, ChatRooms } from '@server/domains/chat/chat.rooms';
import { maxBufferedBytesPerSocket, SocketSubscription } from '@server/domains/chat/chat.socket';
import type { ChatStore } from '@server/domains/chat/chat.store';
import { createMessageIdFactory } from '@server/domains/chat/message-ids';

function fakeSocket(bufferedAmount = 0) {
  const sent: string[] = [];
  const socket = { readyState: 1, bufferedAmount, terminated: false, send: (text: string) => sent.push(text), terminate() { this.terminated = true; } };
  return { socket, sent };
}

const emptyStore = { history: async () => [] } as unknown as ChatStore;
/** Attached sinks get live events once their replay (read from the store, awaited) is in. */
const replayed = () => new Promise((resolve) => setImmediate(resolve));
const message = (id: string) => ({ type: 'message' as const, message: { id, eventId: 'e1', userId: 'u1', displayName: 'Vera', photoURL: null, text: 'hi', createdAt: '2026-01-01T00:00:00.000Z', badge: null, memberBadge: false, origin: null } });

describe('chat fan-out', () => {
  it('writes the shared frame behind each subscription id, as tRPC frames a tracked event', async () => {
    const rooms = new ChatRooms(new MemoryOrderedLog(new Bus()), emptyStore);
    const first = fakeSocket();
    const second = fakeSocket();
    rooms.attach('e1', new SocketSubscription(first.socket as unknown as WebSocket, '{"id":1,'));
    rooms.attach('e1', new SocketSubscription(second.socket as unknown as WebSocket, '{"id":"7","jsonrpc":"2.0",'));
    await replayed();
    const delivery = new ChatDelivery('01ABC', message('01ABC'));
    expect(rooms.publish('e1', delivery)).toBe('01ABC');
    expect(JSON.parse(first.sent[0]!)).toEqual({ id: 1, result: { type: 'data', id: '01ABC', data: { id: '01ABC', data: message('01ABC') } } });
    expect(JSON.parse(second.sent[0]!)).toMatchObject({ id: '7', jsonrpc: '2.0', result: { type: 'data', id: '01ABC' } });
  });

  it('drops a socket whose unsent data passed the bound instead of queueing more', async () => {
    const rooms = new ChatRooms(new MemoryOrderedLog(new Bus()), emptyStore);
    const slow = fakeSocket(maxBufferedBytesPerSocket + 1);
    const fast = fakeSocket();
    rooms.attach('e1', new SocketSubscription(slow.socket as unknown as WebSocket, '{"id":1,'));
    rooms.attach('e1', new SocketSubscription(fast.socket as unknown as WebSocket, '{"id":1,'));
    await replayed();
    await rooms.publish('e1', new ChatDelivery('01ABC', message('01ABC')));
    expect(slow.socket.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(fast.sent).toHaveLength(1);
  });

  it('keeps one bus subscription per room and none once the room is empty', () => {
    const bus = new Bus();
    const rooms = new ChatRooms(new MemoryOrderedLog(bus), emptyStore);
    const detachers = Array.from({ length: 50 }, () => rooms.attach('e1', { deliver: () => {} }));
    rooms.attach('e2', { deliver: () => {} });
    expect(bus.topicCount).toBe(2);
    expect(bus.listenerCount({ name: 'chat:e1' })).toBe(1);
    for (const detach of detachers) detach();
    expect(rooms.roomCount).toBe(1);
    expect(bus.topicCount).toBe(1);
  });

  it('fails a generator queue that falls too far behind instead of growing', async () => {
    const queue = new BoundedQueue<number>(3, () => new Error('too slow'));
    for (let index = 0; index < 5; index += 1) queue.push(index);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of queue.drain()) seen.push(item);
      })(),
    ).rejects.toThrow('too slow');
    expect(seen).toEqual([]);
  });

  it('hands out ids that sort in the order they were made, even within one millisecond or when the clock steps back', () => {
    let time = 1_700_000_000_000;
    const nextId = createMessageIdFactory(() => time);
    const ids: string[] = [];
    for (let index = 0; index < 1000; index += 1) ids.push(nextId());
    time -= 5000;
    ids.push(nextId());
    time += 10_000;
    ids.push(nextId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
