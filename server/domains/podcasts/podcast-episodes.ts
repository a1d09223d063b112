import { and, desc, eq, isNull, max } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { newId, nowIso } from '@server/lib/ids';
import { fieldError } from '@server/platform/errors';
import { removeUploads } from '@server/platform/uploads';
import type { SignedUploads } from '@server/platform/signed-uploads';
import type { Services as AppServices } from '@server/services';
import { cancelWebhookEvents, emitWebhookEvent } from '@server/domains/webhooks/webhooks.service';
import { episodeFiles, ownedEpisode, ownedTitle, type EpisodeRow, type PodcastServices as Services } from './podcast-rows';
import { claimUpload, type DbOrTransaction } from './podcast-uploads';
import { podcastMessages, type CreateEpisodeInput, type PodcastEpisode, type UpdateEpisodeInput } from './podcasts.schemas';

// The owner's episodes: uploads claimed by id, serial numbering, `episode.published` webhooks, files removed with them.

/**
 * The domain's services, and the URL signer when the caller is the owner's podcasts app: a members-only title's files
 * are refused at their plain /uploads URLs, so the owner's answers carry signed ones (the player and previews load).
 */
type EpisodeServices = Services & { signedUploads?: SignedUploads };
/** Creating an episode announces it (`podcasts:episode-published`) once it is public. */
type CreatingServices = EpisodeServices & Pick<AppServices, 'domainEvents'>;

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
    fediverse: row.fediverse,
  };
}

/** The owner's view of an episode of a members-only title: its files at signed URLs. */
function forOwner(services: EpisodeServices, membersOnly: boolean, episode: PodcastEpisode): PodcastEpisode {
  const signer = services.signedUploads;
  if (!membersOnly || !signer) return episode;
  return {
    ...episode,
    fileUrl: signer.sign(episode.fileUrl),
    imageUrl: signer.sign(episode.imageUrl),
    transcriptUrl: signer.sign(episode.transcriptUrl),
    chaptersUrl: signer.sign(episode.chaptersUrl),
  };
}

async function isMembersOnly(services: Services, titleId: string): Promise<boolean> {
  return (await firstRow(services.db.select({ membersOnly: podcastTitles.membersOnly }).from(podcastTitles).where(eq(podcastTitles.id, titleId))))?.membersOnly ?? false;
}

export async function listEpisodes(services: EpisodeServices, ownerId: string, titleId: string): Promise<PodcastEpisode[]> {
  const title = await ownedTitle(services.db, ownerId, titleId);
  const now = nowIso();
  const rows = await services.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.podcastTitleId, titleId)).orderBy(desc(podcastEpisodes.publishDate));
  return rows.map((row) => forOwner(services, title.membersOnly, toEpisode(row, now)));
}

export async function getEpisode(services: EpisodeServices, ownerId: string, id: string): Promise<PodcastEpisode> {
  const row = await ownedEpisode(services.db, ownerId, id);
  return forOwner(services, await isMembersOnly(services, row.podcastTitleId), toEpisode(row));
}

/** A serial show's next episode number: one past the highest of the same season (Apple needs one on every episode). */
async function nextEpisodeNumber(db: DbOrTransaction, titleId: string, seasonNumber: number | null): Promise<number> {
  const season = seasonNumber === null ? isNull(podcastEpisodes.seasonNumber) : eq(podcastEpisodes.seasonNumber, seasonNumber);
  const highest = (await firstRow(db.select({ value: max(podcastEpisodes.episodeNumber) }).from(podcastEpisodes).where(and(eq(podcastEpisodes.podcastTitleId, titleId), season))))?.value;
  return (highest ?? 0) + 1;
}

/** `replay`: the episode is a live recording's; the live domain announces it (`live:replay-published`) instead. */
export async function createEpisode(services: CreatingServices, ownerId: string, input: CreateEpisodeInput, options: { replay?: boolean } = {}): Promise<PodcastEpisode> {
  const id = newId();
  const seasonNumber = input.seasonNumber ?? null;
  // The title is read in the transaction: its kind (serial numbering) and its existence hold until the episode is in.
  const title = await services.db.transaction(async (tx) => {
    const owned = await ownedTitle(tx, ownerId, input.podcastTitleId);
    const episodeNumber = input.episodeNumber ?? (owned.itunesType === 'serial' ? await nextEpisodeNumber(tx, owned.id, seasonNumber) : null);
    const media = await claimUpload(tx, ownerId, input.mediaUploadId, 'media', 'media');
    const image = input.imageUploadId ? await claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image') : null;
    const transcript = input.transcriptUploadId ? await claimUpload(tx, ownerId, input.transcriptUploadId, 'transcript', 'transcript') : null;
    const chapters = input.chaptersUploadId ? await claimUpload(tx, ownerId, input.chaptersUploadId, 'chapters', 'chapters') : null;
    await tx
      .insert(podcastEpisodes)
      .values({
        id,
        podcastTitleId: owned.id,
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
        fediverse: input.fediverse,
      });
    return owned;
  });
  const episode = toEpisode(await ownedEpisode(services.db, ownerId, id));
  await announceEpisode(services, ownerId, episode);
  if (episode.isPublished && !options.replay) await services.domainEvents.publish('podcasts:episode-published', { episodeId: episode.id, userId: ownerId });
  return forOwner(services, title.membersOnly, episode);
}

/** `episode.published` for webhooks: now, or at a future publish date (called off if the episode changes first). */
async function announceEpisode(services: Services, ownerId: string, episode: PodcastEpisode): Promise<void> {
  await emitWebhookEvent(services, ownerId, 'episode.published', episode, { at: episode.publishDate, subject: episode.id });
}

export async function updateEpisode(services: EpisodeServices, ownerId: string, input: UpdateEpisodeInput): Promise<PodcastEpisode> {
  const replaced: Array<string | null> = [];
  // One transaction: the episode as read (its files replaced, the serial check) is the one changed.
  const before = await services.db.transaction(async (tx) => {
    const row = await ownedEpisode(tx, ownerId, input.id);
    if (input.episodeNumber === null && row.episodeNumber !== null && (await ownedTitle(tx, ownerId, row.podcastTitleId)).itunesType === 'serial') {
      throw fieldError('BAD_REQUEST', podcastMessages.serialNeedsNumber, { episodeNumber: podcastMessages.serialNeedsNumber });
    }
    const changes: Partial<typeof podcastEpisodes.$inferInsert> = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.publishDate !== undefined && { publishDate: input.publishDate }),
      ...(input.seasonNumber !== undefined && { seasonNumber: input.seasonNumber }),
      ...(input.episodeNumber !== undefined && { episodeNumber: input.episodeNumber }),
      ...(input.fediverse !== undefined && { fediverse: input.fediverse }),
      updatedAt: nowIso(),
    };
    if (input.mediaUploadId) {
      const media = await claimUpload(tx, ownerId, input.mediaUploadId, 'media', 'media');
      Object.assign(changes, { mediaUrl: media.url, mediaType: media.mimeType, mediaBytes: media.sizeBytes, durationSeconds: media.durationSeconds ?? 0 });
      replaced.push(row.mediaUrl);
    }
    if (input.imageUploadId || input.removeImage) {
      changes.imageUrl = input.imageUploadId ? (await claimUpload(tx, ownerId, input.imageUploadId, 'image', 'image')).url : null;
      replaced.push(row.imageUrl);
    }
    if (input.transcriptUploadId || input.removeTranscript) {
      const transcript = input.transcriptUploadId ? await claimUpload(tx, ownerId, input.transcriptUploadId, 'transcript', 'transcript') : null;
      Object.assign(changes, { transcriptUrl: transcript?.url ?? null, transcriptType: transcript?.mimeType ?? null });
      replaced.push(row.transcriptUrl);
    }
    if (input.chaptersUploadId || input.removeChapters) {
      changes.chaptersUrl = input.chaptersUploadId ? (await claimUpload(tx, ownerId, input.chaptersUploadId, 'chapters', 'chapters')).url : null;
      replaced.push(row.chaptersUrl);
    }
    await tx.update(podcastEpisodes).set(changes).where(eq(podcastEpisodes.id, row.id));
    return row;
  });
  await removeUploads(services.storage, replaced);
  const episode = toEpisode(await ownedEpisode(services.db, ownerId, input.id));
  // A new publish date: an announcement still waiting is replaced; an episode already out is not announced again.
  if (input.publishDate !== undefined && input.publishDate !== before.publishDate) {
    const wasPublished = before.publishDate <= nowIso();
    await cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
    if (!wasPublished) await announceEpisode(services, ownerId, episode);
  }
  return forOwner(services, await isMembersOnly(services, episode.podcastTitleId), episode);
}

export async function deleteEpisode(services: Services, ownerId: string, id: string): Promise<{ id: string }> {
  // One transaction: the files removed are the ones of the episode as deleted.
  const episode = await services.db.transaction(async (tx) => {
    const row = await ownedEpisode(tx, ownerId, id);
    await tx.delete(podcastEpisodes).where(eq(podcastEpisodes.id, row.id));
    await cancelWebhookEvents(services.db, ownerId, 'episode.published', row.id);
    return row;
  });
  await removeUploads(services.storage, episodeFiles(episode));
  return { id };
}
