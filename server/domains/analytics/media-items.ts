import { inArray } from 'drizzle-orm';
import { podcastEpisodes } from '@db/schema/podcasts';
import { liveRecordings } from '@db/schema/live';
import type { MediaItemKind } from '@db/schema/analytics';
import type { Services } from '@server/services';

/** What a served name or recording id is, for counting: the item, its creator and parent, its threshold's inputs. */
export interface MediaItem {
  kind: MediaItemKind;
  /** The episode id or the recording id. */
  id: string;
  creatorId: string;
  /** The podcast title (episodes), the event (replays; null without one). */
  parentId: string | null;
  /** Episodes: the stored file's key (for its ID3 header) and the duration the upload read. */
  storageKey: string | null;
  durationSeconds: number;
}

/** One minute of audio (or of a replay): the IAB threshold on top of the file's header. */
export const thresholdSeconds = 60;

/** How many answers each cache keeps (names that are not episodes' media included) before it starts over. */
const cacheSize = 5_000;
/** An answer is asked again after this long (an episode's media replaced, a new episode under a known name). */
const cacheMs = 5 * 60_000;

interface Cached<T> {
  value: T;
  until: number;
}

type ItemServices = Pick<Services, 'db' | 'storage' | 'clock'>;

/**
 * Which episode a served upload name is (`/uploads/<name>` = podcast_episodes.media_url: anything else is not
 * counted) and which recording a replay is, asked once per batch of names (one query) and cached a few minutes; and an
 * episode's threshold in bytes (ID3v2 header + one minute at the file's bitrate, capped at the file's size), cached per
 * episode and size.
 */
export class MediaItems {
  private readonly episodes = new Map<string, Cached<MediaItem | null>>();
  private readonly replays = new Map<string, Cached<MediaItem | null>>();
  private readonly episodeIds = new Map<string, Cached<MediaItem | null>>();
  private readonly thresholds = new Map<string, Cached<number>>();

  constructor(private readonly services: ItemServices) {}

  /** Synchronous: true when `name` is known (cached) not to be an episode's media, so the request path skips it. */
  knownNotEpisode(name: string): boolean {
    const cached = this.episodes.get(name);
    return cached !== undefined && cached.value === null && cached.until > this.services.clock.now();
  }

  /** The episodes these stored names are the media of (one query for the names not cached). */
  async episodesByName(names: Iterable<string>): Promise<Map<string, MediaItem>> {
    return this.resolve(this.episodes, names, async (missing) => {
      const urls = missing.map((name) => `/uploads/${name}`);
      const rows = await this.services.db
        .select({
          id: podcastEpisodes.id,
          creatorId: podcastEpisodes.userId,
          titleId: podcastEpisodes.podcastTitleId,
          mediaUrl: podcastEpisodes.mediaUrl,
          durationSeconds: podcastEpisodes.durationSeconds,
        })
        .from(podcastEpisodes)
        .where(inArray(podcastEpisodes.mediaUrl, urls));
      return rows.map((row) => [row.mediaUrl.slice('/uploads/'.length), episodeItem(row)] as const);
    });
  }

  /** One episode by id (the counting sweep's threshold: its stored file and duration), cached. */
  async episodeById(id: string): Promise<MediaItem | null> {
    const found = await this.resolve(this.episodeIds, [id], async (missing) => {
      const rows = await this.services.db
        .select({ id: podcastEpisodes.id, creatorId: podcastEpisodes.userId, titleId: podcastEpisodes.podcastTitleId, mediaUrl: podcastEpisodes.mediaUrl, durationSeconds: podcastEpisodes.durationSeconds })
        .from(podcastEpisodes)
        .where(inArray(podcastEpisodes.id, missing));
      return rows.map((row) => [row.id, episodeItem(row)] as const);
    });
    return found.get(id) ?? null;
  }

  /** The finished recordings these ids are (one query for the ids not cached). */
  async replaysById(ids: Iterable<string>): Promise<Map<string, MediaItem>> {
    return this.resolve(this.replays, ids, async (missing) => {
      const rows = await this.services.db
        .select({ id: liveRecordings.id, creatorId: liveRecordings.userId, eventId: liveRecordings.eventId, durationSeconds: liveRecordings.durationSeconds })
        .from(liveRecordings)
        .where(inArray(liveRecordings.id, missing));
      return rows.map((row) => {
        const item: MediaItem = { kind: 'replay', id: row.id, creatorId: row.creatorId, parentId: row.eventId, storageKey: null, durationSeconds: row.durationSeconds ?? 0 };
        return [row.id, item] as const;
      });
    });
  }

  /**
   * The units a listener must be served for the item to count, given its total: an episode's ID3v2 header plus one
   * minute at the file's bitrate (`unitsTotal` bytes over its duration), a replay's first minute; never more than the
   * whole (a shorter file counts once served whole).
   */
  async thresholdOf(item: MediaItem, unitsTotal: number): Promise<number> {
    if (item.kind === 'replay') return Math.max(1, Math.min(thresholdSeconds, unitsTotal));
    const key = `${item.id}:${unitsTotal}`;
    const now = this.services.clock.now();
    const cached = this.thresholds.get(key);
    if (cached && cached.until > now) return cached.value;
    const header = item.storageKey ? await this.id3Size(item.storageKey) : 0;
    const minute = item.durationSeconds > 0 ? Math.ceil((thresholdSeconds * unitsTotal) / item.durationSeconds) : unitsTotal;
    const value = Math.max(1, Math.min(unitsTotal, header + minute));
    if (this.thresholds.size >= cacheSize) this.thresholds.clear();
    this.thresholds.set(key, { value, until: now + cacheMs });
    return value;
  }

  /** The ID3v2 tag's size with its 10-byte header (and footer), from the file's first 10 bytes; 0 without a tag. */
  private async id3Size(storageKey: string): Promise<number> {
    const stream = await this.services.storage.read(storageKey, { start: 0, end: 9 });
    if (!stream) return 0;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return id3TagSize(Buffer.concat(chunks));
  }

  private async resolve(
    cache: Map<string, Cached<MediaItem | null>>,
    keys: Iterable<string>,
    load: (missing: string[]) => Promise<ReadonlyArray<readonly [string, MediaItem]>>,
  ): Promise<Map<string, MediaItem>> {
    const now = this.services.clock.now();
    const found = new Map<string, MediaItem>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const cached = cache.get(key);
      if (cached && cached.until > now) {
        if (cached.value) found.set(key, cached.value);
      } else missing.push(key);
    }
    if (missing.length === 0) return found;
    const loaded = new Map(await load(missing));
    if (cache.size + missing.length > cacheSize) cache.clear();
    for (const key of missing) {
      const item = loaded.get(key) ?? null;
      cache.set(key, { value: item, until: now + cacheMs });
      if (item) found.set(key, item);
    }
    return found;
  }
}

function episodeItem(row: { id: string; creatorId: string; titleId: string; mediaUrl: string; durationSeconds: number }): MediaItem {
  const storageKey = row.mediaUrl.startsWith('/uploads/') ? `uploads/${row.mediaUrl.slice('/uploads/'.length)}` : null;
  return { kind: 'episode', id: row.id, creatorId: row.creatorId, parentId: row.titleId, storageKey, durationSeconds: row.durationSeconds };
}

/** `ID3` + version (2) + flags + a synchsafe size (4 × 7 bits): the tag's size plus its header (and footer). */
export function id3TagSize(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const footer = (head[5]! & 0x10) !== 0 ? 10 : 0;
  return size + 10 + footer;
}
