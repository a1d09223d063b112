import { and, eq, min, or } from 'drizzle-orm';
import { firstRow, type Db, type Store } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { tipOptions } from '@db/schema/tips';
import { users } from '@db/schema/users';
import { UnchangedDatabaseCache } from './unchanged-database-cache';

/**
 * Who may load a stored upload: `public` (other sites too), `private` (served same-origin to whoever has its URL),
 * or `members` (a members-only podcast title's episode files: only through a member's private feed URLs, or a
 * signed URL its creator's podcasts app gets; a plain /uploads request answers 404).
 */
export type UploadVisibility = 'public' | 'private' | 'members';

/** Where a stored upload is shown: always (covers, avatars, tip icons), from a publish date on, or never. */
interface Visibility {
  always: boolean;
  /** The earliest publish date of a public episode using the file (it becomes public then, with no write). */
  publicFrom: string | null;
  /** An episode file of a members-only title. */
  members: boolean;
}

/**
 * Which files under /uploads other sites may load: podcast covers of active creators, the media, covers,
 * transcripts and chapters of published episodes of titles open to everyone, avatars and tip icons. Everything else
 * stays same-origin: chat photos (they belong to rooms, premium ones included), terms PDFs, files not attached to
 * anything yet (pending podcast uploads, app icon sources) and episodes scheduled for later. The episode files of a
 * members-only title are for its members alone (the title's cover stays public: the creator's page shows it).
 */
export class PublicUploads {
  private readonly cache: UnchangedDatabaseCache<string, Visibility>;

  private readonly db: Db;

  /**
   * On SQLite an answer is kept while the database is unchanged; on PostgreSQL while this instance has written
   * nothing, and for at most a second (what another instance changed shows within that bound).
   */
  constructor(store: Pick<Store, 'db' | 'sqlite' | 'writePosition'>) {
    this.db = store.db;
    this.cache = new UnchangedDatabaseCache(store.sqlite ?? store);
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
    const { db } = this;
    const always =
      (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.imageUrl, url)).limit(1))) !== undefined ||
      (await firstRow(db.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.iconUrl, url)).limit(1))) !== undefined ||
      (await firstRow(
        db
          .select({ id: podcastTitles.id })
          .from(podcastTitles)
          .innerJoin(users, eq(users.id, podcastTitles.userId))
          .where(and(eq(podcastTitles.imageUrl, url), eq(users.isActive, true)))
          .limit(1),
      )) !== undefined;
    if (always) return { always, publicFrom: null, members: false };
    const usedBy = or(
      eq(podcastEpisodes.mediaUrl, url),
      eq(podcastEpisodes.imageUrl, url),
      eq(podcastEpisodes.transcriptUrl, url),
      eq(podcastEpisodes.chaptersUrl, url),
    );
    const members =
      (await firstRow(
        db
          .select({ id: podcastEpisodes.id })
          .from(podcastEpisodes)
          .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
          .where(and(eq(podcastTitles.membersOnly, true), usedBy))
          .limit(1),
      )) !== undefined;
    if (members) return { always: false, publicFrom: null, members };
    const episode = await firstRow(
      db
        .select({ publicFrom: min(podcastEpisodes.publishDate) })
        .from(podcastEpisodes)
        .innerJoin(users, eq(users.id, podcastEpisodes.userId))
        .where(and(eq(users.isActive, true), usedBy)),
    );
    return { always: false, publicFrom: episode?.publicFrom ?? null, members: false };
  }
}
