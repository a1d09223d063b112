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
  type OrderedTopic,
} from '../bus';
import { OutageLog } from './connection';

/**
 * Appends an entry to an ordered topic, atomically: its id is the candidate, or the successor of the topic's last id
 * when another instance got ahead (ids are Crockford base32, compared byte by byte, not by the server's locale);
 * with `pending` the entry is also kept in the topic's pending hash until the sender has stored it; then it is
 * published as `<id>\n<body>`. Redis runs scripts one at a time, so id order is publish order is delivery order.
 */
const appendOrderedScript = `
local alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
local function after(a, b)
  if #a ~= #b then return #a > #b end
  for i = 1, #a do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x > y end
  end
  return false
end
local function successor(s)
  local chars = {}
  for i = 1, #s do chars[i] = string.sub(s, i, i) end
  for i = #s, 1, -1 do
    local position = string.find(alphabet, chars[i], 1, true)
    if position and position < #alphabet then
      chars[i] = string.sub(alphabet, position + 1, position + 1)
      return table.concat(chars)
    end
    chars[i] = '0'
  end
  return table.concat(chars)
end
local id = ARGV[2]
local last = redis.call('GET', KEYS[1])
if last and not after(id, last) then id = successor(last) end
redis.call('SET', KEYS[1], id, 'PX', ARGV[5])
local wire = id .. '\\n' .. ARGV[3]
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[2], id, wire)
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
redis.call('PUBLISH', ARGV[1], wire)
return id
`;

/** How long a topic's last id and its unsettled entries are kept after the last append. */
const orderedStateTtlMs = 24 * 60 * 60 * 1000;
/** A barrier or a subscription that takes longer than this is given up (the bus is then reconnecting). */
const waitLimitMs = 2_000;

type AppendCommand = (lastKey: string, pendingKey: string, channel: string, candidateId: string, body: string, pending: string, ttlMs: string) => Promise<string>;

/**
 * The bus across instances: Redis pub/sub on one subscriber connection (a channel per topic with local listeners)
 * and one command connection (publishes, ordered appends, pending reads). A published message is delivered when it
 * comes back from Redis, on every instance including the sender's, so every instance sees one order and the sender
 * never delivers twice. Each instance decodes a message once and hands the same object to all its listeners.
 */
export class RedisBus implements MessageBus {
  readonly kind = 'redis' as const;
  private readonly topics = new Map<string, Set<BusListener<never>>>();
  private readonly decoders = new Map<string, (text: string) => unknown>();
  private readonly subscribed = new Map<string, Promise<void>>();
  private readonly stateListeners = new Set<(state: BusState) => void>();
  private readonly outage: OutageLog;
  private readonly channelPrefix: string;
  private current: BusState = 'reconnecting';
  private closed = false;

  constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
    private readonly onListenerError: (error: unknown, topic: string) => void = () => {},
  ) {
    this.channelPrefix = `${keyPrefix}bus:`;
    this.outage = new OutageLog(log, 'message bus');
    commands.defineCommand('cuepointAppendOrdered', { numberOfKeys: 2, lua: appendOrderedScript });
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

  private channel(name: string): string {
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

  async publishOrdered<T>(topic: OrderedTopic<T>, candidateId: string, payload: T, options: { pending: boolean }): Promise<string> {
    if (this.commands.status !== 'ready') {
      this.outage.failed(new Error(`not connected (${this.commands.status})`), topic.name);
      return candidateId;
    }
    const append = (this.commands as unknown as { cuepointAppendOrdered: AppendCommand }).cuepointAppendOrdered.bind(this.commands);
    try {
      const id = await append(
        this.lastIdKey(topic.name),
        this.pendingKey(topic.name),
        this.channel(topic.name),
        candidateId,
        topic.ordered.encode(payload),
        options.pending ? '1' : '0',
        String(orderedStateTtlMs),
      );
      this.outage.recovered();
      return id;
    } catch (error) {
      this.outage.failed(error, topic.name);
      return candidateId;
    }
  }

  async pendingEntries<T>(topic: OrderedTopic<T>): Promise<T[]> {
    if (this.commands.status !== 'ready') return [];
    try {
      const entries = await this.commands.hgetall(this.pendingKey(topic.name));
      return Object.keys(entries)
        .sort()
        .map((id) => decodeOrdered(topic, entries[id]!));
    } catch (error) {
      this.outage.failed(error, topic.name);
      return [];
    }
  }

  settle(topic: OrderedTopic<unknown>, ids: readonly string[]): void {
    if (ids.length === 0 || this.commands.status !== 'ready') return;
    this.commands.hdel(this.pendingKey(topic.name), ...ids).catch((error: unknown) => this.outage.failed(error, topic.name));
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

  private lastIdKey(name: string): string {
    return `${this.keyPrefix}bus-last:${name}`;
  }

  private pendingKey(name: string): string {
    return `${this.keyPrefix}bus-pending:${name}`;
  }
}

function decoderOf<T>(topic: BusTopic<T>): (text: string) => T {
  const ordered = (topic as Partial<OrderedTopic<T>>).ordered;
  if (ordered) return (text) => decodeOrdered(topic as OrderedTopic<T>, text);
  const codec = codecOf(topic);
  return (text) => codec.decode(text);
}

function decodeOrdered<T>(topic: OrderedTopic<T>, wire: string): T {
  const split = wire.indexOf('\n');
  if (split < 0) throw new Error('An ordered bus entry without its id');
  return topic.ordered.decode(wire.slice(0, split), wire.slice(split + 1));
}

async function withinLimit(promise: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitLimitMs)))]);
  } finally {
    clearTimeout(timer);
  }
}
