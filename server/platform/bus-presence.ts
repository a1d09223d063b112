/**
 * Who is present in a set (a live session's viewers): members noted within the last `windowMs`, counted once each.
 * In process by default; `RedisPresence` (server/platform/redis/redis-presence.ts) counts across instances, so a viewer
 * whose requests reach two instances counts once and every instance answers the same total.
 */
export interface Presence {
  note(set: string, member: string): void;
  count(set: string): number | Promise<number>;
  forget(set: string): void;
}

const maxMembersPerSet = 100_000;

export class MemoryPresence implements Presence {
  private readonly sets = new Map<string, Map<string, number>>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  note(set: string, member: string): void {
    let seen = this.sets.get(set);
    if (!seen) {
      seen = new Map();
      this.sets.set(set, seen);
    }
    if (seen.size >= maxMembersPerSet && !seen.has(member)) this.count(set);
    seen.set(member, this.now());
  }

  /** The members seen within the window (the others are forgotten on the way). */
  count(set: string): number {
    const seen = this.sets.get(set);
    if (!seen) return 0;
    const cutoff = this.now() - this.windowMs;
    for (const [member, at] of seen) if (at < cutoff) seen.delete(member);
    return seen.size;
  }

  forget(set: string): void {
    this.sets.delete(set);
  }
}
