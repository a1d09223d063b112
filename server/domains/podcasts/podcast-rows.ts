import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import { DomainError } from '@server/platform/errors';
import { and, eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import type { DbOrTransaction } from './podcast-uploads';
import { podcastMessages } from './podcasts.schemas';

/** What the podcasts services use of the app's services. */
export type PodcastServices = Pick<WebhookServices, 'db' | 'config' | 'webhooks' | 'storage'>;
export type TitleRow = typeof podcastTitles.$inferSelect;
export type EpisodeRow = typeof podcastEpisodes.$inferSelect;

export const titleNotFound = () => new DomainError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
export const episodeNotFound = () => new DomainError({ code: 'NOT_FOUND', message: podcastMessages.episodeNotFound });

/** The owner's title; any other account's title is "not found" (it is not theirs to know about). */
export async function ownedTitle(db: DbOrTransaction, ownerId: string, titleId: string): Promise<TitleRow> {
  const title = await firstRow(db.select().from(podcastTitles).where(and(eq(podcastTitles.id, titleId), eq(podcastTitles.userId, ownerId))));
  if (!title) throw titleNotFound();
  return title;
}

export async function ownedEpisode(db: DbOrTransaction, ownerId: string, episodeId: string): Promise<EpisodeRow> {
  const episode = await firstRow(db.select().from(podcastEpisodes).where(and(eq(podcastEpisodes.id, episodeId), eq(podcastEpisodes.userId, ownerId))));
  if (!episode) throw episodeNotFound();
  return episode;
}

/** The stored files an episode uses. */
export function episodeFiles(episode: EpisodeRow): Array<string | null> {
  return [episode.mediaUrl, episode.imageUrl, episode.transcriptUrl, episode.chaptersUrl];
}
