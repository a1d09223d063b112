import { and, eq, min, or } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import type { UploadVisibilityRule } from '@server/platform/public-uploads';

/**
 * Podcast files: a title's cover is public while its creator is active (the creator's page shows it, members-only
 * titles included). An episode's media, cover, transcript and chapters: for members alone when its title is
 * members-only; otherwise public from the earliest publish date of an active creator's episode using the file
 * (episodes scheduled for later stay same-origin until then). A pending upload is not attached yet: unknown here.
 */
export const podcastUploads: UploadVisibilityRule = async (db, url) => {
  const cover = await firstRow(
    db
      .select({ id: podcastTitles.id })
      .from(podcastTitles)
      .innerJoin(users, eq(users.id, podcastTitles.userId))
      .where(and(eq(podcastTitles.imageUrl, url), eq(users.isActive, true)))
      .limit(1),
  );
  if (cover) return { shown: 'always' };
  const usedBy = or(
    eq(podcastEpisodes.mediaUrl, url),
    eq(podcastEpisodes.imageUrl, url),
    eq(podcastEpisodes.transcriptUrl, url),
    eq(podcastEpisodes.chaptersUrl, url),
  );
  const members = await firstRow(
    db
      .select({ id: podcastEpisodes.id })
      .from(podcastEpisodes)
      .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
      .where(and(eq(podcastTitles.membersOnly, true), usedBy))
      .limit(1),
  );
  if (members) return { shown: 'members' };
  const episode = await firstRow(
    db
      .select({ publicFrom: min(podcastEpisodes.publishDate) })
      .from(podcastEpisodes)
      .innerJoin(users, eq(users.id, podcastEpisodes.userId))
      .where(and(eq(users.isActive, true), usedBy)),
  );
  const publicFrom = episode?.publicFrom ?? null;
  return publicFrom === null ? null : { shown: 'from', date: publicFrom };
};
