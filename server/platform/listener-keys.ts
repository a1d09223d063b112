import { createHmac, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { lt } from 'drizzle-orm';
import { analyticsSalts } from '@db/schema/analytics';
import type { Db } from '@db/store';
import type { Clock } from './clock';

/** Salts older than this are deleted: a key made under them can no longer be linked to anyone. */
export const saltLifetimeMs = 48 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;
/** Listeners whose keys are kept in memory between their requests. */
const recentKeysKept = 10_000;

/** The same listener (address and User-Agent) under today's salt and under yesterday's (null without one). */
export interface ListenerKey {
  current: string;
  previous: string | null;
}

/** `YYYY-MM-DD` of a UTC instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The part of a client address that names a listener: an IPv4 address whole (IPv4-mapped IPv6 as IPv4), an IPv6
 * address cut to its /64 (one household or device network; the rest changes with privacy extensions).
 */
export function listenerAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Salted keys for listeners and viewers: an HMAC (SHA-256) of the client address (`listenerAddress`) and the
 * User-Agent under a random salt per UTC day, kept in the database so every instance makes the same key. Today's and
 * yesterday's salts are live (a listener is looked up under both, so a rolling 24-hour window survives the daily
 * rotation); salts are deleted after 48 hours. No address or User-Agent is ever stored.
 *
 * `keyOf` is synchronous (it runs on the media request path): salts are loaded by `ready()` at start and refreshed
 * when the day turns (`ready()` again; a request in the first moments of a new day before the refresh uses the salt
 * loaded last, which is still live).
 */
export class ListenerKeys {
  private salts = new Map<string, Buffer>();
  private loadedDay: string | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Loads (and on a new day creates) today's salt and yesterday's; deletes salts older than 48 hours. */
  ready(): Promise<void> {
    const today = utcDay(this.clock.now());
    if (this.loadedDay === today) return Promise.resolve();
    this.loading ??= this.load(today).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(today: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insert(analyticsSalts)
      .values({ day: today, salt: randomBytes(32).toString('base64url'), createdAt: new Date(now).toISOString() })
      .onConflictDoNothing();
    await this.db.delete(analyticsSalts).where(lt(analyticsSalts.createdAt, new Date(now - saltLifetimeMs).toISOString()));
    const rows = await this.db.select().from(analyticsSalts);
    this.salts = new Map(rows.map((row) => [row.day, Buffer.from(row.salt, 'base64url')]));
    this.loadedDay = today;
  }

  /** The keys of one client; `ready()` must have run once. */
  keyOf(address: string, userAgent: string | undefined): ListenerKey {
    const now = this.clock.now();
    const today = utcDay(now);
    if (today !== this.loadedDay) void this.ready().catch(() => undefined);
    const currentSalt = this.salts.get(today) ?? this.salts.get(this.loadedDay ?? '') ?? this.fallbackSalt();
    const previousSalt = this.salts.get(utcDay(now - dayMs));
    const previous = previousSalt && previousSalt !== currentSalt ? previousSalt : null;
    if (this.recentSalts.current !== currentSalt || this.recentSalts.previous !== previous) {
      this.recent.clear();
      this.recentSalts = { current: currentSalt, previous };
    }
    const text = `${listenerAddress(address)}\n${userAgent ?? ''}`;
    let key = this.recent.get(text);
    if (!key) {
      key = { current: hmac(currentSalt, text), previous: previous ? hmac(previous, text) : null };
      if (this.recent.size >= recentKeysKept) this.recent.clear();
      this.recent.set(text, key);
    }
    return key;
  }

  /**
   * Keys made lately under the salts in use (two HMACs per request saved for a listener's next ranges); in memory
   * only, emptied when the salts change or when full.
   */
  private readonly recent = new Map<string, ListenerKey>();
  private recentSalts: { current: Buffer | null; previous: Buffer | null } = { current: null, previous: null };

  private readonly byRequest = new WeakMap<object, ListenerKey>();

  /**
   * `keyOf` a request's client address and User-Agent, made once per request (the request log and the counter both
   * ask for it).
   */
  keyOfRequest(request: { ip: string; headers?: Record<string, string | string[] | undefined> }): ListenerKey {
    let key = this.byRequest.get(request);
    if (!key) {
      const userAgent = request.headers?.['user-agent'];
      key = this.keyOf(request.ip, typeof userAgent === 'string' ? userAgent : undefined);
      this.byRequest.set(request, key);
    }
    return key;
  }

  /** Before the first load: a salt of this process only (never stored), so no key is ever unsalted. */
  private fallback: Buffer | null = null;
  private fallbackSalt(): Buffer {
    this.fallback ??= randomBytes(32);
    return this.fallback;
  }
}

function hmac(salt: Buffer, text: string): string {
  return createHmac('sha256', salt).update(text).digest('base64url').slice(0, 32);
}
