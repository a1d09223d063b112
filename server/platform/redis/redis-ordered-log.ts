import type { Redis } from 'ioredis';
import type { BusListener, BusState, BusSubscription, BusTopic } from '../bus';
import type { OrderedLog, OrderedTopic } from '../ordered-log';
import type { RedisBus } from './redis-bus';

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

type AppendCommand = (lastKey: string, pendingKey: string, channel: string, candidateId: string, body: string, pending: string, ttlMs: string) => Promise<string>;

/**
 * The ordered log across instances, riding on the Redis bus: an entry is appended by a script on the bus's command
 * connection (final id, pending hash, PUBLISH on the topic's bus channel as `<id>\n<body>`) and reaches listeners as
 * a bus message on the subscriber connection, decoded once per instance under its final id. Its state, barrier and
 * outage log are the bus's (same connections).
 */
export class RedisOrderedLog implements OrderedLog {
  readonly kind = 'redis' as const;
  private readonly append: AppendCommand;

  constructor(
    private readonly bus: RedisBus,
    private readonly commands: Redis,
    private readonly keyPrefix: string,
  ) {
    commands.defineCommand('cuepointAppendOrdered', { numberOfKeys: 2, lua: appendOrderedScript });
    this.append = (commands as unknown as { cuepointAppendOrdered: AppendCommand }).cuepointAppendOrdered.bind(commands);
  }

  get state(): BusState {
    return this.bus.state;
  }

  onStateChange(listener: (state: BusState) => void): () => void {
    return this.bus.onStateChange(listener);
  }

  async publish<T>(topic: OrderedTopic<T>, candidateId: string, payload: T, options: { pending: boolean }): Promise<string> {
    if (this.commands.status !== 'ready') {
      this.bus.outage.failed(new Error(`not connected (${this.commands.status})`), topic.name);
      return candidateId;
    }
    try {
      const id = await this.append(
        this.lastIdKey(topic.name),
        this.pendingKey(topic.name),
        this.bus.channel(topic.name),
        candidateId,
        topic.ordered.encode(payload),
        options.pending ? '1' : '0',
        String(orderedStateTtlMs),
      );
      this.bus.outage.recovered();
      return id;
    } catch (error) {
      this.bus.outage.failed(error, topic.name);
      return candidateId;
    }
  }

  subscribe<T>(topic: OrderedTopic<T>, listener: BusListener<T>): BusSubscription {
    return this.bus.subscribe(wireTopic(topic), listener);
  }

  async pendingEntries<T>(topic: OrderedTopic<T>): Promise<T[]> {
    if (this.commands.status !== 'ready') return [];
    try {
      const entries = await this.commands.hgetall(this.pendingKey(topic.name));
      return Object.keys(entries)
        .sort()
        .map((id) => decodeOrdered(topic, entries[id]!));
    } catch (error) {
      this.bus.outage.failed(error, topic.name);
      return [];
    }
  }

  settle(topic: OrderedTopic<unknown>, ids: readonly string[]): void {
    if (ids.length === 0 || this.commands.status !== 'ready') return;
    this.commands.hdel(this.pendingKey(topic.name), ...ids).catch((error: unknown) => this.bus.outage.failed(error, topic.name));
  }

  barrier(): Promise<void> {
    return this.bus.barrier();
  }

  private lastIdKey(name: string): string {
    return `${this.keyPrefix}bus-last:${name}`;
  }

  private pendingKey(name: string): string {
    return `${this.keyPrefix}bus-pending:${name}`;
  }
}

/** The bus topic an ordered topic's entries travel on: `<id>\n<body>`, written only by the append script. */
function wireTopic<T>(topic: OrderedTopic<T>): BusTopic<T> {
  return {
    name: topic.name,
    codec: {
      encode: () => {
        throw new Error(`Entries of the ordered topic ${topic.name} are published through the ordered log`);
      },
      decode: (wire) => decodeOrdered(topic, wire),
    },
  };
}

function decodeOrdered<T>(topic: OrderedTopic<T>, wire: string): T {
  const split = wire.indexOf('\n');
  if (split < 0) throw new Error('An ordered bus entry without its id');
  return topic.ordered.decode(wire.slice(0, split), wire.slice(split + 1));
}
