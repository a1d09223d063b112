import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, isNull, lte, max, ne } from 'drizzle-orm';
import type { Db } from '@db/client';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import type { AppConfig } from '@server/config';
import { newId, nowIso } from '@server/lib/ids';
import { fieldError } from '@server/lib/errors';
import { removeUploads } from '@server/lib/uploads';
import { publicOrigin } from '@server/lib/public-url';
import type { AppServices } from '@server/trpc/context';
import { cancelWebhookEvents, emitWebhookEvent } from '@server/domains/webhooks/webhooks.service';
import { assertMayCreateTitle } from '@server/domains/billing/plan-access';
import { buildPodcastFeed, podcastGuid } from './podcast-feed';
import { claimUpload, type DbOrTransaction } from './podcast-uploads';
import {
  defaultPodcastLanguage,
  podcastMessages,
  type CreateEpisodeInput,
  type CreateTitleInput,
  type PodcastEpisode,
  type PodcastTitle,
  type PublicEpisode,
  type PublicPodcastTitle,
  type UpdateEpisodeInput,
  type UpdateTitleInput,
} from './podcasts.schemas';

type Services = Pick<AppServices, 'db' | 'config' | 'webhooks'>;
type TitleRow = typeof podcastTitles.$inferSelect;
type EpisodeRow = typeof podcastEpisodes.$inferSelect;

export function feedUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>, titleId: string): string {
  return `${publicOrigin(config)}/feeds/${encodeURIComponent(titleId)}.xml`;
}

const titleNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
const episodeNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.episodeNotFound });

/** The owner's title; any other account's title is "not found" (it is not theirs to know about). */
export function ownedTitle(db: Db, ownerId: string, titleId: string): TitleRow {
  const title = db.select().from(podcastTitles).where(and(eq(podcastTitles.id, titleId), eq(podcastTitles.userId, ownerId))).get();
  if (!title) throw titleNotFound();
  return title;
}

function ownedEpisode(db: Db, ownerId: string, episodeId: string): EpisodeRow {
  const episode = db.select().from(podcastEpisodes).where(and(eq(podcastEpisodes.id, episodeId), eq(podcastEpisodes.userId, ownerId))).get();
  if (!episode) throw episodeNotFound();
  return episode;
}

function episodeCount(db: Db, titleId: string): number {
  return db.select({ value: count() }).from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, titleId)).get()?.value ?? 0;
}

/**
 * The title's `podcast:guid`. It is written once (at creation, or for a title made before the column existed, from
 * the feed URL of that moment) and never recomputed, so moving the site to another domain keeps it.
 */
function storedPodcastGuid(services: Pick<Services, 'db' | 'config'>, row: Pick<TitleRow, 'id' | 'podcastGuid'>): string {
  if (row.podcastGuid) return row.podcastGuid;
  services.db
    .update(podcastTitles)
    .set({ podcastGuid: podcastGuid(feedUrl(services.config, row.id)) })
    .where(and(eq(podcastTitles.id, row.id), isNull(podcastTitles.podcastGuid)))
    .run();
  return services.db.select({ value: podcastTitles.podcastGuid }).from(podcastTitles).where(eq(podcastTitles.id, row.id)).get()!.value!;
}

/** At start-up: titles stored before `podcast:guid` was kept get it once, from today's feed URL. Answers how many. */
export function fillMissingPodcastGuids(services: Pick<Services, 'db' | 'config'>): number {
  const missing = services.db.select({ id: podcastTitles.id, podcastGuid: podcastTitles.podcastGuid }).from(podcastTitles).where(isNull(podcastTitles.podcastGuid)).all();
  services.db.transaction(() => {
    for (const row of missing) storedPodcastGuid(services, row);
  });
  return missing.length;
}

function toTitle(services: Services, row: TitleRow): PodcastTitle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    isVideo: row.isVideo,
    explicit: row.explicit,
    category: row.category,
    language: row.language,
    contactEmail: row.contactEmail,
    itunesType: row.itunesType,
    podcastGuid: storedPodcastGuid(services, row),
    episodeCount: episodeCount(services.db, row.id),
    feedUrl: feedUrl(services.config, row.id),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toEpisode(row: EpisodeRow, now = nowIso()): PodcastEpisode {
  return {
    id: row.id,
    podcastTitleId: row.podcastTitleId,
    name: row.name,
    description: row.description,
    fileUrl: row.mediaUrl,
    mimeType: row.mediaType,
    sizeBytes: row.mediaBytes,
    duration: row.durationSeconds,
    imageUrl: row.imageUrl,
    transcriptUrl: row.transcriptUrl,
    chaptersUrl: row.chaptersUrl,
    publishDate: row.publishDate,
    seasonNumber: row.seasonNumber,
    episodeNumber: row.episodeNumber,
    isPublished: row.publishDate <= now,
  };
}

export function listTitles(services: Services, ownerId: string): PodcastTitle[] {
  return services.db
    .select()
    .from(podcastTitles)
    .where(eq(podcastTitles.userId, ownerId))
    .orderBy(desc(podcastTitles.createdAt))
    .all()
    .map((row) => toTitle(services, row));
}

export function getTitle(services: Services, ownerId: string, id: string): PodcastTitle {
  return toTitle(services, ownedTitle(services.db, ownerId, id));
}

export function createTitle(services: Services, ownerId: string, input: CreateTitleInput): PodcastTitle {
  // "Features require a plan": the plans allow so many audio / video titles (admins: no limit).
  assertMayCreateTitle(services, ownerId, input.isVideo);
  const id = newId();
  services.db.transaction((tx) => {
    const image = input.imageUploadId ? claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    tx.insert(podcastTitles)
      .values({
        id,
        userId: ownerId,
        name: input.name,
        description: input.description,
        isVideo: input.isVideo,
        explicit: input.explicit,
        category: input.category,
        language: input.language ?? defaultPodcastLanguage,
        contactEmail: input.contactEmail ?? null,
        itunesType: input.itunesType ?? 'episodic',
        podcastGuid: podcastGuid(feedUrl(services.config, id)),
        imageUrl: image?.url ?? null,
      })
      .run();
  });
  return getTitle(services, ownerId, id);
}

export async function updateTitle(services: Services, ownerId: string, input: UpdateTitleInput): Promise<PodcastTitle> {
  const before = ownedTitle(services.db, ownerId, input.id);
  // Switching a title to the other kind counts as a new title of that kind (the plans' title limits).
  if (input.isVideo !== undefined && input.isVideo !== before.isVideo) assertMayCreateTitle(services, ownerId, input.isVideo);
  if (input.itunesType === 'serial' && before.itunesType !== 'serial') {
    const unnumbered = services.db
      .select({ id: podcastEpisodes.id })
      .from(podcastEpisodes)
      .where(and(eq(podcastEpisodes.podcastTitleId, before.id), isNull(podcastEpisodes.episodeNumber)))
      .get();
    if (unnumbered) throw fieldError('BAD_REQUEST', podcastMessages.serialUnnumbered, { itunesType: podcastMessages.serialUnnumbered });
  }
  let replacedImage: string | null = null;
  services.db.transaction((tx) => {
    const image = input.imageUploadId ? claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    const imageUrl = image ? image.url : input.removeImage ? null : before.imageUrl;
    if (imageUrl !== before.imageUrl) replacedImage = before.imageUrl;
    tx.update(podcastTitles)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.isVideo !== undefined && { isVideo: input.isVideo }),
        ...(input.explicit !== undefined && { explicit: input.explicit }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.language !== undefined && { language: input.language }),
        ...(input.contactEmail !== undefined && { contactEmail: input.contactEmail }),
        ...(input.itunesType !== undefined && { itunesType: input.itunesType }),
        imageUrl,
        updatedAt: nowIso(),
      })
      .where(eq(podcastTitles.id, before.id))
      .run();
  });
  await removeUploads(services.config.dataDir, [replacedImage]);
  return getTitle(services, ownerId, input.id);
}

/** Removes the title, its episodes and every file they used. */
export async function deleteTitle(services: Services, ownerId: string, id: string): Promise<{ id: string }> {
  const title = ownedTitle(services.db, ownerId, id);
  const episodes = services.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, id)).all();
  services.db.delete(podcastTitles).where(eq(podcastTitles.id, title.id)).run();
  for (const episode of episodes) cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
  await removeUploads(services.config.dataDir, [title.imageUrl, ...episodes.flatMap(episodeFiles)]);
  return { id };
}

function episodeFiles(episode: EpisodeRow): Array<string | null> {
  return [episode.mediaUrl, episode.imageUrl, episode.transcriptUrl, episode.chaptersUrl];
}

export function listEpisodes(services: Services, ownerId: string, titleId: string): PodcastEpisode[] {
  ownedTitle(services.db, ownerId, titleId);
  const now = nowIso();
  return services.db
    .select()
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.podcastTitleId, titleId))
    .orderBy(desc(podcastEpisodes.publishDate))
    .all()
    .map((row) => toEpisode(row, now));
}

export function getEpisode(services: Services, ownerId: string, id: string): PodcastEpisode {
  return toEpisode(ownedEpisode(services.db, ownerId, id));
}

/** A serial show's next episode number: one past the highest of the same season (Apple needs one on every episode). */
function nextEpisodeNumber(db: DbOrTransaction, titleId: string, seasonNumber: number | null): number {
  const season = seasonNumber === null ? isNull(podcastEpisodes.seasonNumber) : eq(podcastEpisodes.seasonNumber, seasonNumber);
  const highest = db.select({ value: max(podcastEpisodes.episodeNumber) }).from(podcastEpisodes).where(and(eq(podcastEpisodes.podcastTitleId, titleId), season)).get()?.value;
  return (highest ?? 0) + 1;
}

export function createEpisode(services: Services, ownerId: string, input: CreateEpisodeInput): PodcastEpisode {
  const title = ownedTitle(services.db, ownerId, input.podcastTitleId);
  const id = newId();
  const seasonNumber = input.seasonNumber ?? null;
  services.db.transaction((tx) => {
    const episodeNumber = input.episodeNumber ?? (title.itunesType === 'serial' ? nextEpisodeNumber(tx, title.id, seasonNumber) : null);
    const media = claimUpload(tx, ownerId, input.mediaUploadId, 'media', 'media');
    const image = input.imageUploadId ? claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    const transcript = input.transcriptUploadId ? claimUpload(tx, ownerId, input.transcriptUploadId, 'transcript', 'transcript') : null;
    const chapters = input.chaptersUploadId ? claimUpload(tx, ownerId, input.chaptersUploadId, 'chapters', 'chapters') : null;
    tx.insert(podcastEpisodes)
      .values({
        id,
        podcastTitleId: title.id,
        userId: ownerId,
        name: input.name,
        description: input.description,
        mediaUrl: media.url,
        mediaType: media.mimeType,
        mediaBytes: media.sizeBytes,
        durationSeconds: media.durationSeconds ?? 0,
        imageUrl: image?.url ?? null,
        transcriptUrl: transcript?.url ?? null,
        transcriptType: transcript?.mimeType ?? null,
        chaptersUrl: chapters?.url ?? null,
        publishDate: input.publishDate ?? nowIso(),
        seasonNumber,
        episodeNumber,
      })
      .run();
  });
  const episode = getEpisode(services, ownerId, id);
  announceEpisode(services, ownerId, episode);
  return episode;
}

/** `episode.published` for webhooks: now, or at a future publish date (called off if the episode changes first). */
function announceEpisode(services: Services, ownerId: string, episode: PodcastEpisode): void {
  emitWebhookEvent(services, ownerId, 'episode.published', episode, { at: episode.publishDate, subject: episode.id });
}

export async function updateEpisode(services: Services, ownerId: string, input: UpdateEpisodeInput): Promise<PodcastEpisode> {
  const before = ownedEpisode(services.db, ownerId, input.id);
  if (input.episodeNumber === null && before.episodeNumber !== null && ownedTitle(services.db, ownerId, before.podcastTitleId).itunesType === 'serial') {
    throw fieldError('BAD_REQUEST', podcastMessages.serialNeedsNumber, { episodeNumber: podcastMessages.serialNeedsNumber });
  }
  const replaced: Array<string | null> = [];
  services.db.transaction((tx) => {
    const changes: Partial<typeof podcastEpisodes.$inferInsert> = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.publishDate !== undefined && { publishDate: input.publishDate }),
      ...(input.seasonNumber !== undefined && { seasonNumber: input.seasonNumber }),
      ...(input.episodeNumber !== undefined && { episodeNumber: input.episodeNumber }),
      updatedAt: nowIso(),
    };
    if (input.mediaUploadId) {
      const media = claimUpload(tx, ownerId, input.mediaUploadId, 'media', 'media');
      Object.assign(changes, { mediaUrl: media.url, mediaType: media.mimeType, mediaBytes: media.sizeBytes, durationSeconds: media.durationSeconds ?? 0 });
      replaced.push(before.mediaUrl);
    }
    if (input.imageUploadId || input.removeImage) {
      changes.imageUrl = input.imageUploadId ? claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image').url : null;
      replaced.push(before.imageUrl);
    }
    if (input.transcriptUploadId || input.removeTranscript) {
      const transcript = input.transcriptUploadId ? claimUpload(tx, ownerId, input.transcriptUploadId, 'transcript', 'transcript') : null;
      Object.assign(changes, { transcriptUrl: transcript?.url ?? null, transcriptType: transcript?.mimeType ?? null });
      replaced.push(before.transcriptUrl);
    }
    if (input.chaptersUploadId || input.removeChapters) {
      changes.chaptersUrl = input.chaptersUploadId ? claimUpload(tx, ownerId, input.chaptersUploadId, 'chapters', 'chapters').url : null;
      replaced.push(before.chaptersUrl);
    }
    tx.update(podcastEpisodes).set(changes).where(eq(podcastEpisodes.id, before.id)).run();
  });
  await removeUploads(services.config.dataDir, replaced);
  const episode = getEpisode(services, ownerId, input.id);
  // A new publish date: an announcement still waiting is replaced; an episode already out is not announced again.
  if (input.publishDate !== undefined && input.publishDate !== before.publishDate) {
    const wasPublished = before.publishDate <= nowIso();
    cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
    if (!wasPublished) announceEpisode(services, ownerId, episode);
  }
  return episode;
}

export async function deleteEpisode(services: Services, ownerId: string, id: string): Promise<{ id: string }> {
  const episode = ownedEpisode(services.db, ownerId, id);
  services.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, episode.id)).run();
  cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
  await removeUploads(services.config.dataDir, episodeFiles(episode));
  return { id };
}

// Public reading: only published episodes (publish date reached) of titles whose owner is active.

const publicEpisodeColumns = {
  episode: podcastEpisodes,
  titleName: podcastTitles.name,
  titleImageUrl: podcastTitles.imageUrl,
  isVideo: podcastTitles.isVideo,
  userName: users.displayName,
  creatorTag: users.creatorTag,
};

type PublicEpisodeRow = { episode: EpisodeRow; titleName: string; titleImageUrl: string | null; isVideo: boolean; userName: string; creatorTag: string | null };

function publicEpisodesQuery(db: Db) {
  return db
    .select(publicEpisodeColumns)
    .from(podcastEpisodes)
    .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
    .innerJoin(users, eq(users.id, podcastEpisodes.userId));
}

function toPublicEpisode(services: Services, row: PublicEpisodeRow): PublicEpisode {
  const { episode } = row;
  return {
    id: episode.id,
    name: episode.name,
    description: episode.description,
    fileUrl: episode.mediaUrl,
    mimeType: episode.mediaType,
    duration: episode.durationSeconds,
    podcastTitleId: episode.podcastTitleId,
    podcastTitle: row.titleName,
    imageUrl: episode.imageUrl ?? row.titleImageUrl,
    isVideo: row.isVideo,
    userId: episode.userId,
    userName: row.userName,
    publishDate: episode.publishDate,
    transcriptUrl: episode.transcriptUrl,
    transcriptType: episode.transcriptUrl ? (episode.transcriptType ?? 'text/vtt') : null,
    chaptersUrl: episode.chaptersUrl,
    feedUrl: feedUrl(services.config, episode.podcastTitleId),
    eventPagePath: row.creatorTag ? `/events/${encodeURIComponent(row.creatorTag)}` : null,
  };
}

const isPublic = (now: string) => and(lte(podcastEpisodes.publishDate, now), eq(users.isActive, true));

export function publicEpisodeById(services: Services, id: string): PublicEpisode {
  const row = publicEpisodesQuery(services.db).where(and(eq(podcastEpisodes.id, id), isPublic(nowIso()))).get();
  if (!row) throw episodeNotFound();
  return toPublicEpisode(services, row);
}

/** A creator's most recent published episodes, newest first (the event page's and player's related episodes). */
export function publicUserEpisodes(services: Services, input: { userId: string; limit: number; excludeEpisodeId?: string }): PublicEpisode[] {
  const creator = services.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, input.userId)).get();
  if (!creator || !creator.isActive || creator.role === 'viewer') throw new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.creatorNotFound });
  const conditions = [eq(podcastEpisodes.userId, input.userId), isPublic(nowIso())];
  if (input.excludeEpisodeId) conditions.push(ne(podcastEpisodes.id, input.excludeEpisodeId));
  return publicEpisodesQuery(services.db)
    .where(and(...conditions))
    .orderBy(desc(podcastEpisodes.publishDate), asc(podcastEpisodes.id))
    .limit(input.limit)
    .all()
    .map((row) => toPublicEpisode(services, row));
}

export function publicTitleById(services: Services, id: string): PublicPodcastTitle {
  const row = services.db
    .select({ title: podcastTitles, userName: users.displayName })
    .from(podcastTitles)
    .innerJoin(users, eq(users.id, podcastTitles.userId))
    .where(and(eq(podcastTitles.id, id), eq(users.isActive, true)))
    .get();
  if (!row) throw titleNotFound();
  const { title } = row;
  return {
    id: title.id,
    name: title.name,
    description: title.description,
    imageUrl: title.imageUrl,
    userName: row.userName,
    userId: title.userId,
    isVideo: title.isVideo,
    feedUrl: feedUrl(services.config, title.id),
  };
}

/** The RSS feed of a title: its owner and its published episodes, newest first, with absolute URLs. */
export function feedXml(services: Services, titleId: string): string {
  const row = services.db
    .select({ title: podcastTitles, owner: users })
    .from(podcastTitles)
    .innerJoin(users, eq(users.id, podcastTitles.userId))
    .where(and(eq(podcastTitles.id, titleId), eq(users.isActive, true)))
    .get();
  if (!row) throw titleNotFound();
  const episodes = services.db
    .select()
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.podcastTitleId, titleId), lte(podcastEpisodes.publishDate, nowIso())))
    .orderBy(desc(podcastEpisodes.publishDate))
    .all();
  return buildPodcastFeed({
    title: { ...row.title, podcastGuid: storedPodcastGuid(services, row.title) },
    owner: row.owner,
    episodes,
    origin: publicOrigin(services.config),
    feedUrl: feedUrl(services.config, titleId),
  });
}
