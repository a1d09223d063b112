/**
 * The in-process message bus: publish a payload to a topic, every subscriber of that topic gets it,
 * synchronously and in order. Topics cost nothing until someone subscribes, and a publish touches only
 * its own topic's listeners, so nothing per message grows with the number of rooms or groups.
 */
export type BusListener<T> = (payload: T) => void;

/** A topic name paired with its payload type, so publishers and subscribers agree at compile time. */
export interface BusTopic<T> {
  readonly name: string;
  /** Phantom field carrying the payload type; never set. */
  readonly payload?: T;
}

export function busTopic<T>(name: string): BusTopic<T> {
  return { name };
}

export class Bus {
  private readonly topics = new Map<string, Set<BusListener<never>>>();

  constructor(private readonly onListenerError: (error: unknown, topic: string) => void = () => {}) {}

  /** Delivers the payload to the topic's current listeners; answers how many there were. */
  publish<T>(topic: BusTopic<T>, payload: T): number {
    const listeners = this.topics.get(topic.name);
    if (!listeners) return 0;
    for (const listener of [...listeners] as BusListener<T>[]) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error, topic.name);
      }
    }
    return listeners.size;
  }

  /** Adds a listener; the answer removes it (and the topic once it has no listeners left). */
  subscribe<T>(topic: BusTopic<T>, listener: BusListener<T>): () => void {
    let listeners = this.topics.get(topic.name);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic.name, listeners);
    }
    listeners.add(listener as BusListener<never>);
    return () => {
      const current = this.topics.get(topic.name);
      if (!current) return;
      current.delete(listener as BusListener<never>);
      if (current.size === 0) this.topics.delete(topic.name);
    };
  }

  listenerCount(topic: BusTopic<unknown>): number {
    return this.topics.get(topic.name)?.size ?? 0;
  }

  /** Topics with at least one listener. */
  get topicCount(): number {
    return this.topics.size;
  }
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
