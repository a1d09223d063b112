import { DomainError } from '@server/platform/errors';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { membershipTiers, membershipTierTitles } from '@db/schema/memberships';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { accessGrantingMemberships } from '@server/domains/memberships/membership-access';
import { memberFeedUrl, memberFileUrl } from '@server/domains/podcasts/member-feeds';
import { podcastPagePath } from '@server/domains/podcasts/podcast-feed';
import { feedUrl } from '@server/domains/podcasts/podcasts.service';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { nowIso } from '@server/lib/ids';
import type { PreviewCard } from './og-images';
import { absoluteUrl, creatorArt, localUpload, previewImage, type PreviewServices as Services } from './preview-art';
import { summarize, type PageHead } from './public-pages.head';
import { pageHeadMessages } from './public-pages.messages';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';
import { podcastPageEpisodeLimit, podcastPageMessages, type PodcastPageEpisode, type PodcastPageInput, type PodcastPageOutput } from './podcast-page.schemas';

/**
 * `/podcasts/{tag}/{titleId}`: a podcast's own public page. A title open to everyone shows its episodes with their
 * media; a members-only title shows anyone its cover, description, episode names and dates, "Members only" and the tiers
 * that include it, and the media only to a member whose membership includes it (at the member's own private-feed
 * file URLs, the same credential their podcast app uses). Nothing a guest can reach (this answer, the page's
 * server-rendered head, its preview card) carries a members-only episode's file.
 */

type TitleRow = typeof podcastTitles.$inferSelect;
interface TitleWithCreator {
  title: TitleRow;
  creator: { id: string; tag: string; displayName: string; imageUrl: string | null };
}

const creatorIsPublic = and(inArray(users.role, ['dj', 'admin']), eq(users.isActive, true), isNotNull(users.creatorTag));

const titleColumns = { title: podcastTitles, id: users.id, tag: users.creatorTag, displayName: users.displayName, imageUrl: users.imageUrl };

function withCreator(row: { title: TitleRow; id: string; tag: string | null; displayName: string; imageUrl: string | null } | undefined): TitleWithCreator | null {
  if (!row?.tag) return null;
  return { title: row.title, creator: { id: row.id, tag: row.tag, displayName: row.displayName, imageUrl: row.imageUrl } };
}

/** The title when it is that creator's (tag in any case) and the creator's pages are public (an active creator or admin). */
async function titleOfCreator(services: Services, tag: string, titleId: string): Promise<TitleWithCreator | null> {
  return withCreator(
    await firstRow(
      services.db
        .select(titleColumns)
        .from(podcastTitles)
        .innerJoin(users, eq(users.id, podcastTitles.userId))
        .where(and(eq(podcastTitles.id, titleId), sql`lower(${users.creatorTag}) = lower(${tag})`, creatorIsPublic))
        .limit(1),
    ),
  );
}

/** The title by id alone, with its creator (same rule: an active creator with a tag). */
async function titleById(services: Services, titleId: string): Promise<TitleWithCreator | null> {
  return withCreator(
    await firstRow(
      services.db
        .select(titleColumns)
        .from(podcastTitles)
        .innerJoin(users, eq(users.id, podcastTitles.userId))
        .where(and(eq(podcastTitles.id, titleId), creatorIsPublic))
        .limit(1),
    ),
  );
}

/** The active tiers that include a title, cheapest first. */
async function tiersIncluding(services: Services, titleId: string): Promise<PodcastPageOutput['tiers']> {
  return services.db
    .select({ id: membershipTiers.id, name: membershipTiers.name, priceCents: membershipTiers.priceCents })
    .from(membershipTierTitles)
    .innerJoin(membershipTiers, eq(membershipTiers.id, membershipTierTitles.tierId))
    .where(and(eq(membershipTierTitles.podcastTitleId, titleId), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.priceCents), asc(membershipTiers.createdAt));
}

/** The feed token of the caller's membership that opens this members-only title now, or null. */
async function memberFeedToken(services: Services, memberId: string, creatorId: string, titleId: string): Promise<string | null> {
  const granting = await accessGrantingMemberships(services.db, memberId, creatorId);
  if (granting.length === 0) return null;
  const listed = await firstRow(
    services.db
      .select({ tierId: membershipTierTitles.tierId })
      .from(membershipTierTitles)
      .where(and(inArray(membershipTierTitles.tierId, granting.map((row) => row.tier.id)), eq(membershipTierTitles.podcastTitleId, titleId)))
      .limit(1),
  );
  return listed ? (granting.find((row) => row.tier.id === listed.tierId)?.membership.feedToken ?? null) : null;
}

async function buildPage(services: Services, found: TitleWithCreator, actorId: string | null, now: string): Promise<PodcastPageOutput> {
  const { title, creator } = found;
  const rows = await services.db
    .select()
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.podcastTitleId, title.id), lte(podcastEpisodes.publishDate, now)))
    .orderBy(desc(podcastEpisodes.publishDate), asc(podcastEpisodes.id))
    .limit(podcastPageEpisodeLimit);
  const token = title.membersOnly && actorId ? await memberFeedToken(services, actorId, creator.id, title.id) : null;
  const access: PodcastPageOutput['access'] = !title.membersOnly ? 'public' : token ? 'member' : 'locked';
  const episodes = rows.map((episode): PodcastPageEpisode => {
    const base = { id: episode.id, name: episode.name, publishDate: episode.publishDate };
    if (access === 'locked') return { ...base, description: '', duration: null, fileUrl: null, mimeType: null, imageUrl: null, pagePath: null };
    const file = (url: string) => (token ? memberFileUrl(services.config, token, episode.id, url) : url);
    return {
      ...base,
      description: episode.description,
      duration: episode.durationSeconds,
      fileUrl: file(episode.mediaUrl),
      mimeType: episode.mediaType,
      imageUrl: episode.imageUrl ? file(episode.imageUrl) : title.imageUrl,
      pagePath: access === 'public' ? `/video/${encodeURIComponent(episode.id)}` : null,
    };
  });
  return {
    creator,
    title: {
      id: title.id,
      name: title.name,
      description: title.description,
      imageUrl: title.imageUrl,
      isVideo: title.isVideo,
      explicit: title.explicit,
      category: title.category,
      membersOnly: title.membersOnly,
      pagePath: podcastPagePath(creator.tag, title.id),
    },
    access,
    feedUrl: access === 'public' ? feedUrl(services.config, title.id) : token ? memberFeedUrl(services.config, title.id, token) : null,
    tiers: title.membersOnly ? await tiersIncluding(services, title.id) : [],
    episodes,
  };
}

/** The podcast page's data for the caller (`actorId`: the signed-in account, null for a guest). */
export async function podcastPage(services: Services, input: PodcastPageInput, actorId: string | null, now = nowIso()): Promise<PodcastPageOutput> {
  const found = await titleOfCreator(services, input.tag, input.titleId);
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: podcastPageMessages.notFound });
  return buildPage(services, found, actorId, now);
}

// Link previews and the server-rendered head.

/** The podcast's card: its cover (covers are public, members-only titles' too) when there is one, else the creator's face. */
async function podcastCard(services: Services, found: TitleWithCreator, siteName: string): Promise<PreviewCard> {
  const cover = await localUpload(services, found.title.imageUrl);
  const art = cover ? { coverFile: cover.file, color: '#0f172a' } : await creatorArt(services, found.creator.id);
  return {
    kind: 'podcasts',
    id: found.title.id,
    title: found.title.name,
    subtitle: `Podcast by ${found.creator.displayName}${found.title.membersOnly ? ' · Members only' : ''}`,
    siteName,
    ...art,
  };
}

/** The card behind `/og/podcasts/{titleId}.png`, or null. */
export async function podcastCardById(services: Services, titleId: string, siteName: string): Promise<PreviewCard | null> {
  const found = await titleById(services, titleId);
  return found ? podcastCard(services, found, siteName) : null;
}

/** The head of a podcast page: the title, its description, its cover (or card); never an episode's file. */
export async function podcastPageHead(services: Services, tag: string, titleId: string, locale: Locale = 'en'): Promise<PageHead | null> {
  const found = await titleOfCreator(services, tag, titleId);
  if (!found) return null;
  const { title, creator } = found;
  const siteName = await siteNameOf(services);
  const cover = await localUpload(services, title.imageUrl);
  const template = title.membersOnly ? pageHeadMessages.membersOnlyPodcastDescription : pageHeadMessages.podcastDescription;
  return {
    locale,
    title: `${title.name} · ${siteName}`,
    name: title.name,
    description: summarize(title.description) || translate(locale, template, { podcastTitle: title.name, creatorName: creator.displayName, siteName }),
    canonicalUrl: absoluteUrl(services, podcastPagePath(creator.tag, title.id)),
    siteName,
    type: 'website',
    image: await previewImage(services, cover, title.imageUrl, await podcastCard(services, found, siteName), title.name),
  };
}

// The creator page's podcasts and the sitemap.

/** A podcast as the creator page lists it. */
export interface CreatorPodcast {
  id: string;
  name: string;
  imageUrl: string | null;
  membersOnly: boolean;
  episodeCount: number;
  pagePath: string;
}

/** The creator's titles (members-only ones too: their page shows guests what they are), newest first. */
export async function creatorPodcasts(services: Services, creator: { id: string; tag: string }, now = nowIso()): Promise<CreatorPodcast[]> {
  const rows = await services.db
    .select({ id: podcastTitles.id, name: podcastTitles.name, imageUrl: podcastTitles.imageUrl, membersOnly: podcastTitles.membersOnly })
    .from(podcastTitles)
    .where(eq(podcastTitles.userId, creator.id))
    .orderBy(desc(podcastTitles.createdAt), asc(podcastTitles.id));
  const counts = new Map<string, number>();
  if (rows.length > 0) {
    const published = await services.db
      .select({ titleId: podcastEpisodes.podcastTitleId, value: count() })
      .from(podcastEpisodes)
      .where(and(inArray(podcastEpisodes.podcastTitleId, rows.map((row) => row.id)), lte(podcastEpisodes.publishDate, now)))
      .groupBy(podcastEpisodes.podcastTitleId);
    for (const row of published) counts.set(row.titleId, Number(row.value));
  }
  return rows.map((row) => ({ ...row, episodeCount: counts.get(row.id) ?? 0, pagePath: podcastPagePath(creator.tag, row.id) }));
}

/** The podcast pages search engines may list: titles open to everyone of active creators (members-only ones are left out). */
export async function podcastSitemapEntries(services: Services, limit: number): Promise<Array<{ path: string; lastModified: string }>> {
  const rows = await services.db
    .select({ id: podcastTitles.id, tag: users.creatorTag, updatedAt: podcastTitles.updatedAt })
    .from(podcastTitles)
    .innerJoin(users, eq(users.id, podcastTitles.userId))
    .where(and(eq(podcastTitles.membersOnly, false), creatorIsPublic))
    .orderBy(desc(podcastTitles.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ path: podcastPagePath(row.tag!, row.id), lastModified: row.updatedAt }));
}
