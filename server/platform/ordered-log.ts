import type { BusListener, BusState, BusSubscription, BusTopic, MessageBus } from './bus';

/**
 * The ordered log: topics whose entries carry ids that increase in the order every instance delivers them (a chat
 * room), so a client resuming after an id, on any instance, misses nothing and gets nothing twice. It rides on the
 * message bus (server/platform/bus.ts: entries reach listeners as bus messages) and adds what plain pub/sub lacks:
 * the final id of each entry, entries kept readable until their sender has stored them (`pending`, `settle`), and a
 * barrier. Two engines: `MemoryOrderedLog` (this file, over the in-process bus: the candidate id is final) and
 * `RedisOrderedLog` (server/platform/redis/redis-ordered-log.ts, over the Redis bus and its connections).
 */

/**
 * How an entry crosses instances: the log gives each entry its final id (the candidate, or the next id after the
 * topic's last one when another instance got ahead); `decode` rebuilds the payload under that id.
 */
export interface OrderedCodec<T> {
  /** The entry without its id (the log puts the final id in front). */
  encode(payload: T): string;
  decode(id: string, text: string): T;
}

export interface OrderedTopic<T> extends BusTopic<T> {
  readonly ordered: OrderedCodec<T>;
}

export function orderedTopic<T>(name: string, ordered: OrderedCodec<T>): OrderedTopic<T> {
  return { name, ordered };
}

export interface OrderedLog {
  readonly kind: 'memory' | 'redis';
  /** The state of the bus the log rides on (`reconnecting`: entries published elsewhere may not arrive). */
  readonly state: BusState;
  /**
   * Publishes an entry of an ordered topic and answers its final id. With `pending`, the entry stays readable
   * through `pendingEntries` until `settle(topic, [id])` (the sender has stored it), so an instance that starts
   * listening meanwhile finds it although it is not in the database yet. When the engine is unreachable the entry is
   * not published and its candidate id is answered (logged once). In process the entry has reached this instance's
   * listeners when it returns.
   */
  publish<T>(topic: OrderedTopic<T>, candidateId: string, payload: T, options: { pending: boolean }): string | Promise<string>;
  /** Listens to a topic's entries, in id order; the answer removes the listener (`ready`: as the bus's). */
  subscribe<T>(topic: OrderedTopic<T>, listener: BusListener<T>): BusSubscription;
  /** Entries published with `pending` that no instance has settled yet, in id order. */
  pendingEntries<T>(topic: OrderedTopic<T>): T[] | Promise<T[]>;
  settle(topic: OrderedTopic<unknown>, ids: readonly string[]): void;
  /**
   * Resolves once every entry published before this call has reached this instance's listeners and every
   * subscription made before it is active (the bus's barrier).
   */
  barrier(): void | Promise<void>;
  onStateChange(listener: (state: BusState) => void): () => void;
}

/** The ordered log in one process: the in-process bus delivers synchronously, so the candidate id is final. */
export class MemoryOrderedLog implements OrderedLog {
  readonly kind = 'memory' as const;
  readonly state = 'live' as const;

  constructor(private readonly bus: MessageBus) {}

  publish<T>(topic: OrderedTopic<T>, candidateId: string, payload: T): string {
    this.bus.publish(topic, payload);
    return candidateId;
  }

  subscribe<T>(topic: OrderedTopic<T>, listener: BusListener<T>): BusSubscription {
    return this.bus.subscribe(topic, listener);
  }

  pendingEntries<T>(): T[] {
    return [];
  }

  settle(): void {}

  barrier(): void {}

  onStateChange(): () => void {
    return () => {};
  }
}
