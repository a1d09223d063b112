import { and, desc, eq, isNull, max } from 'drizzle-orm';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { newId, nowIso } from '@server/lib/ids';
import { fieldError } from '@server/lib/errors';
import { removeUploads } from '@server/lib/uploads';
import type { SignedUploads } from '@server/lib/signed-uploads';
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

function isMembersOnly(services: Services, titleId: string): boolean {
  return services.db.select({ membersOnly: podcastTitles.membersOnly }).from(podcastTitles).where(eq(podcastTitles.id, titleId)).get()?.membersOnly ?? false;
}

export function listEpisodes(services: EpisodeServices, ownerId: string, titleId: string): PodcastEpisode[] {
  const title = ownedTitle(services.db, ownerId, titleId);
  const now = nowIso();
  return services.db
    .select()
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.podcastTitleId, titleId))
    .orderBy(desc(podcastEpisodes.publishDate))
    .all()
    .map((row) => forOwner(services, title.membersOnly, toEpisode(row, now)));
}

export function getEpisode(services: EpisodeServices, ownerId: string, id: string): PodcastEpisode {
  const row = ownedEpisode(services.db, ownerId, id);
  return forOwner(services, isMembersOnly(services, row.podcastTitleId), toEpisode(row));
}

/** A serial show's next episode number: one past the highest of the same season (Apple needs one on every episode). */
function nextEpisodeNumber(db: DbOrTransaction, titleId: string, seasonNumber: number | null): number {
  const season = seasonNumber === null ? isNull(podcastEpisodes.seasonNumber) : eq(podcastEpisodes.seasonNumber, seasonNumber);
  const highest = db.select({ value: max(podcastEpisodes.episodeNumber) }).from(podcastEpisodes).where(and(eq(podcastEpisodes.podcastTitleId, titleId), season)).get()?.value;
  return (highest ?? 0) + 1;
}

export function createEpisode(services: EpisodeServices, ownerId: string, input: CreateEpisodeInput): PodcastEpisode {
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
  const episode = toEpisode(ownedEpisode(services.db, ownerId, id));
  announceEpisode(services, ownerId, episode);
  return forOwner(services, title.membersOnly, episode);
}

/** `episode.published` for webhooks: now, or at a future publish date (called off if the episode changes first). */
function announceEpisode(services: Services, ownerId: string, episode: PodcastEpisode): void {
  emitWebhookEvent(services, ownerId, 'episode.published', episode, { at: episode.publishDate, subject: episode.id });
}

export async function updateEpisode(services: EpisodeServices, ownerId: string, input: UpdateEpisodeInput): Promise<PodcastEpisode> {
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
  await removeUploads(services.storage, replaced);
  const episode = toEpisode(ownedEpisode(services.db, ownerId, input.id));
  // A new publish date: an announcement still waiting is replaced; an episode already out is not announced again.
  if (input.publishDate !== undefined && input.publishDate !== before.publishDate) {
    const wasPublished = before.publishDate <= nowIso();
    cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
    if (!wasPublished) announceEpisode(services, ownerId, episode);
  }
  return forOwner(services, isMembersOnly(services, episode.podcastTitleId), episode);
}

export async function deleteEpisode(services: Services, ownerId: string, id: string): Promise<{ id: string }> {
  const episode = ownedEpisode(services.db, ownerId, id);
  services.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, episode.id)).run();
  cancelWebhookEvents(services.db, ownerId, 'episode.published', episode.id);
  await removeUploads(services.storage, episodeFiles(episode));
  return { id };
}
