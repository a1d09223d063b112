import type { Db, Store } from '@db/store';
import { UnchangedDatabaseCache } from './unchanged-database-cache';

/**
 * Who may load a stored upload: `public` (other sites too), `private` (served same-origin to whoever has its URL),
 * or `members` (a members-only podcast title's episode files: only through a member's private feed URLs, or a
 * signed URL its creator's podcasts app gets; a plain /uploads request answers 404).
 */
export type UploadVisibility = 'public' | 'private' | 'members';

/**
 * How a domain uses one stored upload: `always` public (a cover, an avatar, an icon), `members` only (an episode
 * file of a members-only title), or public `from` a date on (the earliest publish date of a public episode using it:
 * it becomes public then, with no write).
 */
export type UploadUse = { shown: 'always' } | { shown: 'members' } | { shown: 'from'; date: string };

/**
 * One domain's answer for a stored upload (`url` is the stored form, `/uploads/<name>`): how it uses the file, or
 * null when it does not (unknown to it). Registered by the composition root; each domain states its own policy.
 */
export type UploadVisibilityRule = (db: Db, url: string) => Promise<UploadUse | null>;

/** Where a stored upload is shown: always, from a publish date on, or never. */
interface Visibility {
  always: boolean;
  /** The earliest date from which a use makes the file public. */
  publicFrom: string | null;
  /** An episode file of a members-only title. */
  members: boolean;
}

/**
 * Which files under /uploads other sites may load, as the registered rules answer: a file any rule shows `always`
 * is public; else one a rule keeps for `members` is for members alone; else it is public from the earliest date a
 * rule names. A file no rule knows stays same-origin (`private`): chat photos (they belong to rooms, premium ones
 * included), terms PDFs, files not attached to anything yet (pending podcast uploads, app icon sources). Rules are
 * asked in their order and the first `always` ends the asking.
 */
export class PublicUploads {
  private readonly cache: UnchangedDatabaseCache<string, Visibility>;

  private readonly db: Db;

  /**
   * On SQLite an answer is kept while the database is unchanged; on PostgreSQL while this instance has written
   * nothing, and for at most a second (what another instance changed shows within that bound).
   */
  constructor(
    store: Pick<Store, 'db' | 'changes'>,
    private readonly rules: readonly UploadVisibilityRule[],
  ) {
    this.db = store.db;
    this.cache = new UnchangedDatabaseCache(store);
  }

  /** `url` is the stored form, `/uploads/<name>`. */
  async isPublic(url: string, now = new Date()): Promise<boolean> {
    return (await this.visibility(url, now)) === 'public';
  }

  async visibility(url: string, now = new Date()): Promise<UploadVisibility> {
    const visibility = (await this.cache.get(url, () => this.read(url)))!;
    if (visibility.always) return 'public';
    if (visibility.members) return 'members';
    return visibility.publicFrom !== null && visibility.publicFrom <= now.toISOString() ? 'public' : 'private';
  }

  private async read(url: string): Promise<Visibility> {
    let members = false;
    let publicFrom: string | null = null;
    for (const rule of this.rules) {
      const use = await rule(this.db, url);
      if (!use) continue;
      if (use.shown === 'always') return { always: true, publicFrom: null, members: false };
      if (use.shown === 'members') members = true;
      else if (publicFrom === null || use.date < publicFrom) publicFrom = use.date;
    }
    return members ? { always: false, publicFrom: null, members } : { always: false, publicFrom, members: false };
  }
}
