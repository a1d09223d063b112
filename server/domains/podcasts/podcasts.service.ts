import { DomainError } from '@server/platform/errors';
import { and, asc, count, desc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import type { AppConfig } from '@server/config';
import { newId, nowIso } from '@server/lib/ids';
import { fieldError } from '@server/platform/errors';
import { removeUploads } from '@server/platform/uploads';
import { publicOrigin } from '@server/lib/public-url';
import { cancelWebhookEvents } from '@server/domains/webhooks/webhooks.service';
import { assertMayCreateTitle } from '@server/domains/billing/plan-access';
import { buildPodcastFeed, podcastGuid, podcastPagePath, type FeedInput } from './podcast-feed';
import { episodeFiles, episodeNotFound, ownedTitle, titleNotFound, type EpisodeRow, type PodcastServices as Services, type TitleRow } from './podcast-rows';
import { claimUpload } from './podcast-uploads';
import {
  defaultPodcastLanguage,
  podcastMessages,
  type CreateTitleInput,
  type PodcastTitle,
  type PublicEpisode,
  type PublicPodcastTitle,
  type UpdateTitleInput,
} from './podcasts.schemas';

export function feedUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>, titleId: string): string {
  return `${publicOrigin(config)}/feeds/${encodeURIComponent(titleId)}.xml`;
}

async function episodeCount(db: Db, titleId: string): Promise<number> {
  return (await firstRow(db.select({ value: count() }).from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, titleId))))?.value ?? 0;
}

/**
 * The title's `podcast:guid`. It is written once (at creation, or for a title made before the column existed, from
 * the feed URL of that moment) and never recomputed, so moving the site to another domain keeps it.
 */
async function storedPodcastGuid(services: Pick<Services, 'db' | 'config'>, row: Pick<TitleRow, 'id' | 'podcastGuid'>): Promise<string> {
  if (row.podcastGuid) return row.podcastGuid;
  await services.db
    .update(podcastTitles)
    .set({ podcastGuid: podcastGuid(feedUrl(services.config, row.id)) })
    .where(and(eq(podcastTitles.id, row.id), isNull(podcastTitles.podcastGuid)));
  return (await firstRow(services.db.select({ value: podcastTitles.podcastGuid }).from(podcastTitles).where(eq(podcastTitles.id, row.id))))!.value!;
}

/** At start-up: titles stored before `podcast:guid` was kept get it once, from today's feed URL. Answers how many. */
export async function fillMissingPodcastGuids(services: Pick<Services, 'db' | 'config'>): Promise<number> {
  const missing = await services.db.select({ id: podcastTitles.id, podcastGuid: podcastTitles.podcastGuid }).from(podcastTitles).where(isNull(podcastTitles.podcastGuid));
  await services.db.transaction(async () => {
    for (const row of missing) await storedPodcastGuid(services, row);
  });
  return missing.length;
}

async function toTitle(services: Services, row: TitleRow): Promise<PodcastTitle> {
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
    membersOnly: row.membersOnly,
    podcastGuid: await storedPodcastGuid(services, row),
    episodeCount: await episodeCount(services.db, row.id),
    feedUrl: feedUrl(services.config, row.id),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listTitles(services: Services, ownerId: string): Promise<PodcastTitle[]> {
  const rows = await services.db.select().from(podcastTitles).where(eq(podcastTitles.userId, ownerId)).orderBy(desc(podcastTitles.createdAt));
  return Promise.all(rows.map((row) => toTitle(services, row)));
}

export async function getTitle(services: Services, ownerId: string, id: string): Promise<PodcastTitle> {
  return toTitle(services, await ownedTitle(services.db, ownerId, id));
}

export async function createTitle(services: Services, ownerId: string, input: CreateTitleInput): Promise<PodcastTitle> {
  const id = newId();
  // One transaction: the plan's title count is checked against the titles there are when this one is added.
  await services.db.transaction(async (tx) => {
    // "Features require a plan": the plans allow so many audio / video titles (admins: no limit).
    await assertMayCreateTitle(services, ownerId, input.isVideo);
    const image = input.imageUploadId ? await claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    await tx
      .insert(podcastTitles)
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
        membersOnly: input.membersOnly ?? false,
        podcastGuid: podcastGuid(feedUrl(services.config, id)),
        imageUrl: image?.url ?? null,
      });
  });
  return getTitle(services, ownerId, id);
}

export async function updateTitle(services: Services, ownerId: string, input: UpdateTitleInput): Promise<PodcastTitle> {
  let replacedImage: string | null = null;
  // One transaction: the checks (plan limits, serial numbering) and the image replaced hold for the title as changed.
  await services.db.transaction(async (tx) => {
    const before = await ownedTitle(tx, ownerId, input.id);
    // Switching a title to the other kind counts as a new title of that kind (the plans' title limits).
    if (input.isVideo !== undefined && input.isVideo !== before.isVideo) await assertMayCreateTitle(services, ownerId, input.isVideo);
    if (input.itunesType === 'serial' && before.itunesType !== 'serial') {
      const unnumbered = await firstRow(
        tx
          .select({ id: podcastEpisodes.id })
          .from(podcastEpisodes)
          .where(and(eq(podcastEpisodes.podcastTitleId, before.id), isNull(podcastEpisodes.episodeNumber)))
          .limit(1),
      );
      if (unnumbered) throw fieldError('BAD_REQUEST', podcastMessages.serialUnnumbered, { itunesType: podcastMessages.serialUnnumbered });
    }
    const image = input.imageUploadId ? await claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    const imageUrl = image ? image.url : input.removeImage ? null : before.imageUrl;
    if (imageUrl !== before.imageUrl) replacedImage = before.imageUrl;
    await tx
      .update(podcastTitles)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.isVideo !== undefined && { isVideo: input.isVideo }),
        ...(input.explicit !== undefined && { explicit: input.explicit }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.language !== undefined && { language: input.language }),
        ...(input.contactEmail !== undefined && { contactEmail: input.contactEmail }),
        ...(input.itunesType !== undefined && { itunesType: input.itunesType }),
        ...(input.membersOnly !== undefined && { membersOnly: input.membersOnly }),
        imageUrl,
        updatedAt: nowIso(),
      })
      .where(eq(podcastTitles.id, before.id));
  });
  await removeUploads(services.storage, [replacedImage]);
  return getTitle(services, ownerId, input.id);
}

/** Removes the title, its episodes and every file they used. */
export async function deleteTitle(services: Services, ownerId: string, id: string): Promise<{ id: string }> {
  // One transaction: the episodes whose files are removed are the ones deleted with the title.
  const { title, episodes } = await services.db.transaction(async (tx) => {
    const owned = await ownedTitle(tx, ownerId, id);
    const rows = await tx.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, id));
    await tx.delete(podcastTitles).where(eq(podcastTitles.id, owned.id));
    for (const episode of rows) await cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
    return { title: owned, episodes: rows };
  });
  await removeUploads(services.storage, [title.imageUrl, ...episodes.flatMap(episodeFiles)]);
  return { id };
}

// Public reading: only published episodes (publish date reached) of titles open to everyone whose owner is active.
// A members-only title's episodes reach its members through their private feeds (member-feeds.ts) alone.

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
    podcastPagePath: row.creatorTag ? podcastPagePath(row.creatorTag, episode.podcastTitleId) : null,
  };
}

const isPublic = (now: string) => and(lte(podcastEpisodes.publishDate, now), eq(users.isActive, true), eq(podcastTitles.membersOnly, false));

export async function publicEpisodeById(services: Services, id: string): Promise<PublicEpisode> {
  const row = await firstRow(publicEpisodesQuery(services.db).where(and(eq(podcastEpisodes.id, id), isPublic(nowIso()))));
  if (!row) throw episodeNotFound();
  return toPublicEpisode(services, row);
}

/** A creator's most recent published episodes, newest first (the event page's and player's related episodes). */
export async function publicUserEpisodes(services: Services, input: { userId: string; limit: number; excludeEpisodeId?: string }): Promise<PublicEpisode[]> {
  const creator = await firstRow(services.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, input.userId)));
  if (!creator || !creator.isActive || creator.role === 'viewer') throw new DomainError({ code: 'NOT_FOUND', message: podcastMessages.creatorNotFound });
  const conditions = [eq(podcastEpisodes.userId, input.userId), isPublic(nowIso())];
  if (input.excludeEpisodeId) conditions.push(ne(podcastEpisodes.id, input.excludeEpisodeId));
  const rows = await publicEpisodesQuery(services.db)
    .where(and(...conditions))
    .orderBy(desc(podcastEpisodes.publishDate), asc(podcastEpisodes.id))
    .limit(input.limit);
  return rows.map((row) => toPublicEpisode(services, row));
}

export async function publicTitleById(services: Services, id: string): Promise<PublicPodcastTitle> {
  const row = await firstRow(
    services.db
      .select({ title: podcastTitles, userName: users.displayName })
      .from(podcastTitles)
      .innerJoin(users, eq(users.id, podcastTitles.userId))
      .where(and(eq(podcastTitles.id, id), eq(users.isActive, true), eq(podcastTitles.membersOnly, false))),
  );
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

/** A title with its active owner and its published episodes, newest first: what every feed of it is built from. */
export async function feedContent(
  services: Pick<Services, 'db' | 'config'>,
  titleId: string,
): Promise<{ title: FeedInput['title']; owner: FeedInput['owner']; episodes: EpisodeRow[] }> {
  const row = await firstRow(
    services.db
      .select({ title: podcastTitles, owner: users })
      .from(podcastTitles)
      .innerJoin(users, eq(users.id, podcastTitles.userId))
      .where(and(eq(podcastTitles.id, titleId), eq(users.isActive, true))),
  );
  if (!row) throw titleNotFound();
  const episodes = await services.db
    .select()
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.podcastTitleId, titleId), lte(podcastEpisodes.publishDate, nowIso())))
    .orderBy(desc(podcastEpisodes.publishDate));
  return { title: { ...row.title, podcastGuid: await storedPodcastGuid(services, row.title) }, owner: row.owner, episodes };
}

/** The public RSS feed of a title open to everyone: its owner and its published episodes, with absolute URLs. */
export async function feedXml(services: Services, titleId: string): Promise<string> {
  const content = await feedContent(services, titleId);
  if (content.title.membersOnly) throw titleNotFound();
  return buildPodcastFeed({ ...content, origin: publicOrigin(services.config), feedUrl: feedUrl(services.config, titleId) });
}
