import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import type { AppServices } from '@server/trpc/context';
import { podcastMessages } from './podcasts.schemas';

/** What the podcasts services use of the app's services. */
export type PodcastServices = Pick<AppServices, 'db' | 'config' | 'webhooks' | 'storage'>;
export type TitleRow = typeof podcastTitles.$inferSelect;
export type EpisodeRow = typeof podcastEpisodes.$inferSelect;

export const titleNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
export const episodeNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.episodeNotFound });

/** The owner's title; any other account's title is "not found" (it is not theirs to know about). */
export function ownedTitle(db: Db, ownerId: string, titleId: string): TitleRow {
  const title = db.select().from(podcastTitles).where(and(eq(podcastTitles.id, titleId), eq(podcastTitles.userId, ownerId))).get();
  if (!title) throw titleNotFound();
  return title;
}

export function ownedEpisode(db: Db, ownerId: string, episodeId: string): EpisodeRow {
  const episode = db.select().from(podcastEpisodes).where(and(eq(podcastEpisodes.id, episodeId), eq(podcastEpisodes.userId, ownerId))).get();
  if (!episode) throw episodeNotFound();
  return episode;
}

/** The stored files an episode uses. */
export function episodeFiles(episode: EpisodeRow): Array<string | null> {
  return [episode.mediaUrl, episode.imageUrl, episode.transcriptUrl, episode.chaptersUrl];
}
