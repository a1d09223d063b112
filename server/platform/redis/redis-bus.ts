import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  addListener,
  codecOf,
  deliverLocally,
  type BusListener,
  type BusState,
  type BusSubscription,
  type BusTopic,
  type MessageBus,
} from '../bus';
import { OutageLog } from './connection';

/** A barrier or a subscription that takes longer than this is given up (the bus is then reconnecting). */
const waitLimitMs = 2_000;

/**
 * The bus across instances: Redis pub/sub on one subscriber connection (a channel per topic with local listeners)
 * and one command connection (publishes). A published message is delivered when it comes back from Redis, on every
 * instance including the sender's, so every instance sees one order and the sender never delivers twice. Each
 * instance decodes a message once and hands the same object to all its listeners. The ordered log
 * (redis-ordered-log.ts) shares both connections, its channels and its outage log.
 */
export class RedisBus implements MessageBus {
  readonly kind = 'redis' as const;
  private readonly topics = new Map<string, Set<BusListener<never>>>();
  private readonly decoders = new Map<string, (text: string) => unknown>();
  private readonly subscribed = new Map<string, Promise<void>>();
  private readonly stateListeners = new Set<(state: BusState) => void>();
  /** Failures of the bus's connections, logged once per outage (the ordered log riding on them reports here too). */
  readonly outage: OutageLog;
  private readonly channelPrefix: string;
  private current: BusState = 'reconnecting';
  private closed = false;

  constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
    private readonly log: FastifyBaseLogger,
    private readonly onListenerError: (error: unknown, topic: string) => void = () => {},
  ) {
    this.channelPrefix = `${keyPrefix}bus:`;
    this.outage = new OutageLog(log, 'message bus');
    subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    for (const client of [commands, subscriber]) {
      client.on('error', (error: Error) => this.outage.failed(error));
      // After `ready` ioredis sends the SUBSCRIBE commands again in the same tick: look once they are on their way.
      client.on('ready', () => setImmediate(() => this.updateState()));
      client.on('close', () => this.updateState());
      client.on('end', () => this.updateState());
    }
  }

  get state(): BusState {
    return this.current;
  }

  private updateState(): void {
    if (this.closed) return;
    const next: BusState = this.commands.status === 'ready' && this.subscriber.status === 'ready' ? 'live' : 'reconnecting';
    if (next === this.current) return;
    this.current = next;
    if (next === 'live') this.outage.recovered();
    else this.outage.failed(new Error('connection lost'));
    for (const listener of [...this.stateListeners]) {
      try {
        listener(next);
      } catch (error) {
        this.log.error({ err: error }, 'bus state listener failed');
      }
    }
  }

  onStateChange(listener: (state: BusState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** The Redis channel of a topic (the ordered log publishes its entries there). */
  channel(name: string): string {
    return this.channelPrefix + name;
  }

  private receive(channel: string, text: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    const name = channel.slice(this.channelPrefix.length);
    const decode = this.decoders.get(name);
    if (!decode || !this.topics.has(name)) return;
    let payload: unknown;
    try {
      payload = decode(text);
    } catch (error) {
      this.log.error({ err: error, topic: name }, 'bus message could not be read');
      return;
    }
    deliverLocally(this.topics, name, payload, this.onListenerError);
  }

  publish<T>(topic: BusTopic<T>, payload: T): number {
    const text = codecOf(topic).encode(payload);
    if (this.commands.status !== 'ready') this.outage.failed(new Error(`not connected (${this.commands.status})`), topic.name);
    else this.commands.publish(this.channel(topic.name), text).then(() => this.outage.recovered(), (error: unknown) => this.outage.failed(error, topic.name));
    return this.listenerCount(topic);
  }

  subscribe<T>(topic: BusTopic<T>, listener: BusListener<T>): BusSubscription {
    const name = topic.name;
    if (!this.topics.has(name)) {
      this.decoders.set(name, decoderOf(topic));
      const channel = this.channel(name);
      // While Redis is away the SUBSCRIBE waits for the reconnect; `ready` gives up waiting after the limit.
      this.subscribed.set(
        name,
        withinLimit(
          this.subscriber.subscribe(channel).then(
            () => undefined,
            (error: unknown) => this.outage.failed(error, name),
          ),
        ),
      );
    }
    const remove = addListener(this.topics, name, listener, (empty) => {
      this.decoders.delete(empty);
      this.subscribed.delete(empty);
      if (this.closed) return;
      this.subscriber.unsubscribe(this.channel(empty)).catch((error: unknown) => this.outage.failed(error, empty));
    });
    return Object.assign(remove, { ready: this.subscribed.get(name) ?? Promise.resolve() });
  }

  async barrier(): Promise<void> {
    if (this.subscriber.status !== 'ready') return;
    await withinLimit(this.subscriber.ping().then(() => undefined));
  }

  listenerCount(topic: BusTopic<unknown>): number {
    return this.topics.get(topic.name)?.size ?? 0;
  }

  get topicCount(): number {
    return this.topics.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stateListeners.clear();
  }
}

function decoderOf<T>(topic: BusTopic<T>): (text: string) => T {
  const codec = codecOf(topic);
  return (text) => codec.decode(text);
}

/** Waits for the promise, at most the wait limit (a barrier or a subscription; the bus is then reconnecting). */
async function withinLimit(promise: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitLimitMs)))]);
  } finally {
    clearTimeout(timer);
  }
}
