/**
 * The message bus: publish a payload to a topic, every subscriber of that topic gets it, in order. One interface,
 * two engines: `Bus` (this file) delivers in process, synchronously, and is the default; `RedisBus`
 * (server/platform/redis/redis-bus.ts, chosen by `REDIS_URL`) carries the same topics between instances through Redis
 * pub/sub, each instance fanning a message out to its own listeners once. Topics cost nothing until someone
 * subscribes, and a publish touches only its own topic's listeners. Plain pub/sub only: the ordered topics chat needs
 * (final ids, pending entries) are the ordered log's (server/platform/ordered-log.ts), which rides on this bus.
 */
export type BusListener<T> = (payload: T) => void;

/** How a payload crosses instances (the in-process bus hands the object itself to its listeners). */
export interface BusCodec<T> {
  encode(payload: T): string;
  decode(text: string): T;
}

/** A topic name paired with its payload type, so publishers and subscribers agree at compile time. */
export interface BusTopic<T> {
  readonly name: string;
  readonly codec?: BusCodec<T> | undefined;
  /** Phantom field carrying the payload type; never set. */
  readonly payload?: T;
}

export function busTopic<T>(name: string, codec?: BusCodec<T>): BusTopic<T> {
  return { name, codec };
}

/** Plain JSON payloads need no codec of their own. */
export function codecOf<T>(topic: BusTopic<T>): BusCodec<T> {
  return topic.codec ?? (jsonCodec as BusCodec<T>);
}

const jsonCodec: BusCodec<unknown> = {
  encode: (payload) => JSON.stringify(payload ?? null),
  decode: (text) => JSON.parse(text) as unknown,
};

/** `live`: messages reach every instance; `reconnecting`: the shared bus is unreachable and ioredis is reconnecting. */
export type BusState = 'live' | 'reconnecting';

/** Removes the listener; `ready` resolves once the subscription receives what is published from then on. */
export type BusSubscription = (() => void) & { readonly ready: Promise<void> };

export interface MessageBus {
  readonly kind: 'memory' | 'redis';
  readonly state: BusState;
  /**
   * Sends the payload to the topic's listeners on every instance. Answers how many listeners this instance holds
   * for it (the in-process bus has delivered to them when it returns). Never throws for an unreachable engine: the
   * failure is logged once and the message is lost, as pub/sub messages are to an absent listener.
   */
  publish<T>(topic: BusTopic<T>, payload: T): number;
  subscribe<T>(topic: BusTopic<T>, listener: BusListener<T>): BusSubscription;
  /**
   * Resolves once every message published before this call has reached this instance's listeners and every
   * subscription made before it is active (a no-op in process; a PING on the subscriber connection on Redis).
   */
  barrier(): void | Promise<void>;
  listenerCount(topic: BusTopic<unknown>): number;
  /** Topics with at least one listener on this instance. */
  readonly topicCount: number;
  onStateChange(listener: (state: BusState) => void): () => void;
  close(): Promise<void>;
}

const resolved = Promise.resolve();

/** The in-process bus (the default): synchronous delivery, always live. */
export class Bus implements MessageBus {
  readonly kind = 'memory' as const;
  readonly state = 'live' as const;
  private readonly topics = new Map<string, Set<BusListener<never>>>();

  constructor(private readonly onListenerError: (error: unknown, topic: string) => void = () => {}) {}

  /** Delivers the payload to the topic's current listeners; answers how many there were. */
  publish<T>(topic: BusTopic<T>, payload: T): number {
    return deliverLocally(this.topics, topic.name, payload, this.onListenerError);
  }

  /** Adds a listener; the answer removes it (and the topic once it has no listeners left). */
  subscribe<T>(topic: BusTopic<T>, listener: BusListener<T>): BusSubscription {
    return Object.assign(addListener(this.topics, topic.name, listener), { ready: resolved });
  }

  barrier(): void {}

  listenerCount(topic: BusTopic<unknown>): number {
    return this.topics.get(topic.name)?.size ?? 0;
  }

  get topicCount(): number {
    return this.topics.size;
  }

  onStateChange(): () => void {
    return () => {};
  }

  async close(): Promise<void> {}
}

/** Hands a payload to a topic's listeners (a listener that throws is reported, the others still get it). */
export function deliverLocally<T>(
  topics: Map<string, Set<BusListener<never>>>,
  name: string,
  payload: T,
  onListenerError: (error: unknown, topic: string) => void,
): number {
  const listeners = topics.get(name);
  if (!listeners) return 0;
  for (const listener of [...listeners] as BusListener<T>[]) {
    try {
      listener(payload);
    } catch (error) {
      onListenerError(error, name);
    }
  }
  return listeners.size;
}

/** Adds a listener to a topic map; the answer removes it, and the topic once empty (`onEmpty` is told). */
export function addListener<T>(
  topics: Map<string, Set<BusListener<never>>>,
  name: string,
  listener: BusListener<T>,
  onEmpty?: (name: string) => void,
): () => void {
  let listeners = topics.get(name);
  if (!listeners) {
    listeners = new Set();
    topics.set(name, listeners);
  }
  listeners.add(listener as BusListener<never>);
  return () => {
    const current = topics.get(name);
    if (!current?.delete(listener as BusListener<never>)) return;
    if (current.size === 0) {
      topics.delete(name);
      onEmpty?.(name);
    }
  };
}

/**
 * A bounded queue between a push source (a bus listener) and an async consumer (a subscription
 * generator). When the consumer falls more than `maxQueued` items behind, the queue fails instead of
 * growing: a slow reader is dropped, the publisher never waits.
 */
export class BoundedQueue<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly maxQueued: number,
    private readonly overflowError: () => Error,
  ) {}

  push(item: T): void {
    if (this.failure) return;
    if (this.items.length >= this.maxQueued) this.failure = this.overflowError();
    else this.items.push(item);
    this.wake?.();
  }

  /** Ends the drain with `error` (after nothing more: queued items are dropped), e.g. when the reader lost access. */
  fail(error: Error): void {
    this.failure ??= error;
    this.wake?.();
  }

  /** Yields queued items until the signal aborts; throws the overflow error when the queue overflowed. */
  async *drain(signal?: AbortSignal): AsyncGenerator<T> {
    const onAbort = () => this.wake?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal?.aborted) {
        if (this.failure) throw this.failure;
        const item = this.items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
