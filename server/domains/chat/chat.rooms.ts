import type { FastifyBaseLogger } from 'fastify';
import type { BusState, BusSubscription } from '@server/platform/bus';
import { orderedTopic, type OrderedLog, type OrderedTopic } from '@server/platform/ordered-log';
import type { ChatStreamItem } from './chat.schemas';
import type { ChatStore, ChatStreamEntry } from './chat.store';

/**
 * One event of a room's stream, shared by every subscriber. Its tRPC result frame is serialised at most
 * once, the first time a socket needs it; each socket only prepends its own subscription id.
 */
export class ChatDelivery {
  private tail: string | null = null;

  constructor(
    readonly id: string,
    readonly item: ChatStreamItem,
  ) {}

  /** `"result":{...}}`, the end of a tRPC websocket data frame for a tracked(id, item) event. */
  get frameTail(): string {
    this.tail ??= `"result":${JSON.stringify({ type: 'data', id: this.id, data: { id: this.id, data: this.item } })}}`;
    return this.tail;
  }
}

/** Something that receives a room's events in order: a websocket subscription or a generator's queue. */
export interface ChatSink {
  deliver(delivery: ChatDelivery): void;
}

/**
 * The id a bus state notice carries to a subscriber that has had nothing yet: below every message id, so a client
 * resuming after it gets the whole room.
 */
export const beforeEveryChatEventId = '0'.repeat(26);

/** A room's events in the ordered log: ids in delivery order on every instance; a message's own id is its entry's id. */
export function chatTopic(eventId: string): OrderedTopic<ChatDelivery> {
  return orderedTopic<ChatDelivery>(`chat:${eventId}`, {
    encode: (delivery) => JSON.stringify(delivery.item),
    decode: (id, text) => {
      const item = JSON.parse(text) as ChatStreamItem;
      return new ChatDelivery(id, item.type === 'message' ? { ...item, message: { ...item.message, id } } : item);
    },
  });
}

/** What a room needs of the store: its replay, and (across instances) taking in what another instance has not stored yet. */
export type ChatRoomStore = Pick<ChatStore, 'history'> & Partial<Pick<ChatStore, 'absorb'>>;

interface Listener {
  sink: ChatSink;
  /** The id of the last event this sink got (null: none yet); nothing at or below it is delivered again. */
  last: string | null;
  /** While its replay is being read (across instances), what the bus brings meanwhile waits here. */
  buffer: ChatDelivery[] | null;
}

interface Room {
  eventId: string;
  topic: OrderedTopic<ChatDelivery>;
  listeners: Set<Listener>;
  subscription: BusSubscription;
  /** Listeners waiting for their replay (across instances); one reader per room works through them. */
  waiting: Map<Listener, BusState | null>;
  reading: boolean;
}

/**
 * The rooms that have subscribers right now, keyed by event id. A room exists while someone listens: it
 * holds ONE ordered-log subscription and hands each event to its sinks, so a publish costs one map lookup plus one write
 * per listener, whatever the number of rooms.
 *
 * A sink's replay is what the database holds (read after the sink is attached; what the bus brings meanwhile waits,
 * and the two are merged by id). Across instances (Redis) it also holds what other instances have published but not
 * stored yet (the topic's pending entries, stored here first), read after the room's subscription is live and after a
 * barrier (everything published before the read has arrived).
 * Ids increase in delivery order on every instance, so a sink never gets an id at or below its last one: no gap, no
 * duplicate, on any instance and across a resume. When the bus drops, sinks are told `reconnecting`; when it is
 * back, every sink catches up from its last id the same way and is told `live`.
 */
export class ChatRooms {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly orderedLog: OrderedLog,
    private readonly store: ChatRoomStore,
    private readonly log?: FastifyBaseLogger,
  ) {
    orderedLog.onStateChange((state) => this.busStateChanged(state));
  }

  /**
   * Adds a sink to a room and replays the history into it (the last 100 messages, or what came after `afterId`),
   * then everything new, each event once. Answers the function that detaches the sink.
   */
  attach(eventId: string, sink: ChatSink, afterId?: string | null): () => void {
    const room = this.roomOf(eventId);
    const listener: Listener = { sink, last: afterId ?? null, buffer: null };
    room.listeners.add(listener);
    // The replay is read from the store (it awaits): what is delivered meanwhile waits in the buffer.
    listener.buffer = [];
    this.catchUp(room, [listener], null);
    return () => {
      room.listeners.delete(listener);
      room.waiting.delete(listener);
      if (room.listeners.size === 0 && this.rooms.get(eventId) === room) {
        room.subscription();
        this.rooms.delete(eventId);
      }
    };
  }

  /**
   * Publishes an event of the room to every instance and answers its final id (the candidate `delivery.id`, unless
   * another instance got ahead). `pending`: the event is kept readable until `settle` (its sender has stored it).
   * In process the delivery has reached this room's sinks when it returns.
   */
  publish(eventId: string, delivery: ChatDelivery, options: { pending: boolean } = { pending: false }): string | Promise<string> {
    return this.orderedLog.publish(chatTopic(eventId), delivery.id, delivery, options);
  }

  /** These events of the room are stored now (the sender's write-behind queue reached the database). */
  settle(eventId: string, ids: readonly string[]): void {
    this.orderedLog.settle(chatTopic(eventId), ids);
  }

  subscriberCount(eventId: string): number {
    return this.rooms.get(eventId)?.listeners.size ?? 0;
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  private roomOf(eventId: string): Room {
    const existing = this.rooms.get(eventId);
    if (existing) return existing;
    const topic = chatTopic(eventId);
    const listeners = new Set<Listener>();
    const subscription = this.orderedLog.subscribe(topic, (delivery) => {
      for (const listener of listeners) {
        if (listener.buffer) listener.buffer.push(delivery);
        else deliverTo(listener, delivery);
      }
    });
    const room: Room = { eventId, topic, listeners, subscription, waiting: new Map(), reading: false };
    this.rooms.set(eventId, room);
    return room;
  }

  /** The bus dropped (sinks hear `reconnecting`) or came back (every sink catches up, then hears `live`). */
  private busStateChanged(state: BusState): void {
    for (const room of this.rooms.values()) {
      if (state === 'reconnecting') {
        for (const listener of room.listeners) if (!listener.buffer) notifyState(listener, 'reconnecting');
        continue;
      }
      const listeners = [...room.listeners];
      for (const listener of listeners) listener.buffer ??= [];
      this.catchUp(room, listeners, 'live');
    }
  }

  /** Queues listeners for their replay; one reader per room works through the queue. */
  private catchUp(room: Room, listeners: Listener[], announce: BusState | null): void {
    for (const listener of listeners) room.waiting.set(listener, announce ?? room.waiting.get(listener) ?? null);
    if (room.reading) return;
    room.reading = true;
    void this.readWaiting(room).finally(() => {
      room.reading = false;
    });
  }

  private async readWaiting(room: Room): Promise<void> {
    while (room.waiting.size > 0) {
      const batch = new Map(room.waiting);
      room.waiting.clear();
      let replays = new Map<string | null, ChatStreamEntry[]>();
      try {
        replays = await this.readReplays(room, [...batch.keys()]);
      } catch (error) {
        this.log?.error({ err: error, eventId: room.eventId }, 'chat replay could not be read');
      }
      for (const [listener, announce] of batch) {
        if (!room.listeners.has(listener) || room.waiting.has(listener)) continue;
        const buffered = listener.buffer ?? [];
        listener.buffer = null;
        const history = (replays.get(listener.last) ?? []).map((entry) => new ChatDelivery(entry.id, entry.item));
        for (const delivery of mergeById(history, buffered)) deliverTo(listener, delivery);
        if (this.orderedLog.state !== 'live') notifyState(listener, 'reconnecting');
        else if (announce === 'live') notifyState(listener, 'live');
      }
    }
  }

  /** Each distinct resume point's replay, read once the room hears everything published from now on. */
  private async readReplays(room: Room, listeners: Listener[]): Promise<Map<string | null, ChatStreamEntry[]>> {
    const live = this.orderedLog.state === 'live';
    if (live) {
      await room.subscription.ready;
      await this.orderedLog.barrier();
      const pending = await this.orderedLog.pendingEntries(room.topic);
      if (pending.length > 0 && this.store.absorb) {
        await this.store.absorb(pending.map((delivery) => ({ id: delivery.id, item: delivery.item })));
        this.orderedLog.settle(room.topic, pending.map((delivery) => delivery.id));
      }
    }
    const replays = new Map<string | null, ChatStreamEntry[]>();
    for (const listener of listeners) {
      if (!replays.has(listener.last)) replays.set(listener.last, await this.store.history(room.eventId, listener.last));
    }
    // Everything published before the reads above has reached the buffers once this resolves.
    if (live) await this.orderedLog.barrier();
    return replays;
  }
}

function deliverTo(listener: Listener, delivery: ChatDelivery): void {
  if (listener.last !== null && delivery.id <= listener.last) return;
  listener.last = delivery.id;
  listener.sink.deliver(delivery);
}

/** Tells one sink the bus state, under its last id (so a client resuming after it misses nothing). */
function notifyState(listener: Listener, state: BusState): void {
  listener.sink.deliver(new ChatDelivery(listener.last ?? beforeEveryChatEventId, { type: 'state', state }));
}

function mergeById(first: ChatDelivery[], second: ChatDelivery[]): ChatDelivery[] {
  const byId = new Map<string, ChatDelivery>();
  for (const delivery of [...first, ...second]) if (!byId.has(delivery.id)) byId.set(delivery.id, delivery);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
