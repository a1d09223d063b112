import { busTopic, type Bus, type BusTopic } from '@server/lib/bus';
import type { ChatStreamItem } from './chat.schemas';
import type { ChatStore } from './chat.store';

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

export function chatTopic(eventId: string): BusTopic<ChatDelivery> {
  return busTopic<ChatDelivery>(`chat:${eventId}`);
}

interface Room {
  sinks: Set<ChatSink>;
  unsubscribe: () => void;
}

/**
 * The rooms that have subscribers right now, keyed by event id. A room exists while someone listens: it
 * holds ONE bus subscription and hands each published event to its sinks, so a publish costs one map
 * lookup plus one write per listener, whatever the number of rooms.
 */
export class ChatRooms {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly bus: Bus,
    private readonly store: ChatStore,
  ) {}

  /**
   * Adds a sink to a room, then replays the history into it (the last 100 messages, or what came after
   * `afterId`). The sink is attached before the history is read, so nothing sent meanwhile is missed; an
   * event already replayed is not delivered twice. Answers the function that detaches the sink.
   */
  attach(eventId: string, sink: ChatSink, afterId?: string | null): () => void {
    let room = this.rooms.get(eventId);
    if (!room) {
      const sinks = new Set<ChatSink>();
      const unsubscribe = this.bus.subscribe(chatTopic(eventId), (delivery) => {
        for (const target of sinks) target.deliver(delivery);
      });
      room = { sinks, unsubscribe };
      this.rooms.set(eventId, room);
    }
    let replayedUpTo: string | null = null;
    const guarded: ChatSink = {
      deliver: (delivery) => {
        if (replayedUpTo !== null && delivery.id <= replayedUpTo) return;
        sink.deliver(delivery);
      },
    };
    room.sinks.add(guarded);
    const backlog = this.store.history(eventId, afterId);
    for (const entry of backlog) sink.deliver(new ChatDelivery(entry.id, entry.item));
    replayedUpTo = backlog.at(-1)?.id ?? afterId ?? null;
    const attachedRoom = room;
    return () => {
      attachedRoom.sinks.delete(guarded);
      if (attachedRoom.sinks.size === 0 && this.rooms.get(eventId) === attachedRoom) {
        attachedRoom.unsubscribe();
        this.rooms.delete(eventId);
      }
    };
  }

  publish(eventId: string, delivery: ChatDelivery): number {
    return this.bus.publish(chatTopic(eventId), delivery);
  }

  subscriberCount(eventId: string): number {
    return this.rooms.get(eventId)?.sinks.size ?? 0;
  }

  get roomCount(): number {
    return this.rooms.size;
  }
}
