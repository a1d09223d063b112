import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import type { PreviewServices as Services } from './preview-art';
import { creatorPagePath, eventPath } from './record-heads';
import { podcastSitemapEntries } from './podcast-page';

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** Sitemaps hold at most 50,000 addresses. */
const sitemapLimit = 50_000;

/**
 * The public pages search engines may list: the plans page; each active creator's page, event page and app; their
 * active events; the pages of their podcasts open to everyone; published episodes (publish date reached) of active creators' titles open to everyone, as the
 * podcasts domain shows them to guests (a members-only title's episodes are for its members alone).
 */
export async function sitemapEntries(services: Services, now = nowIso()): Promise<SitemapEntry[]> {
  const creatorIsPublic = and(inArray(users.role, ['dj', 'admin']), eq(users.isActive, true), isNotNull(users.creatorTag));
  const creators = await services.db.select({ tag: users.creatorTag, updatedAt: users.updatedAt }).from(users).where(creatorIsPublic).orderBy(users.creatorTag);
  const eventRows = await services.db
    .select({ id: events.id, tag: users.creatorTag, updatedAt: events.updatedAt })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(and(eq(events.isActive, true), creatorIsPublic))
    .orderBy(desc(events.updatedAt))
    .limit(sitemapLimit);
  const episodeRows = await services.db
    .select({ id: podcastEpisodes.id, updatedAt: podcastEpisodes.updatedAt })
    .from(podcastEpisodes)
    .innerJoin(users, eq(users.id, podcastEpisodes.userId))
    .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
    .where(and(lte(podcastEpisodes.publishDate, now), eq(users.isActive, true), eq(podcastTitles.membersOnly, false)))
    .orderBy(desc(podcastEpisodes.publishDate))
    .limit(sitemapLimit);
  const entries: SitemapEntry[] = [{ path: '/product-page' }];
  for (const creator of creators) {
    entries.push({ path: creatorPagePath(creator.tag!) }, { path: eventPath(creator.tag!) }, { path: `/m/${encodeURIComponent(creator.tag!)}/` });
  }
  for (const event of eventRows) entries.push({ path: eventPath(event.tag!, event.id), lastModified: event.updatedAt });
  for (const episode of episodeRows) entries.push({ path: `/video/${encodeURIComponent(episode.id)}`, lastModified: episode.updatedAt });
  entries.push(...(await podcastSitemapEntries(services, sitemapLimit)));
  return entries.slice(0, sitemapLimit);
}
