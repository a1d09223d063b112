import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import { DomainError } from '@server/platform/errors';
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { parse as parsePattern } from 'regexparam';
import { firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { listProducts } from '@server/domains/billing/billing.service';
import { getPublicEvent, latestEvent, publicSchedule } from '@server/domains/events/events.service';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { brandOrange } from '@common/mobile-app-values';
import { publicEpisodeById, publicUserEpisodes } from '@server/domains/podcasts/podcasts.service';
import type { PublicEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { nowIso } from '@server/lib/ids';
import { formatDollars } from '@common/money';
import { ensurePreviewFile, type PreviewCard, type PreviewKind } from './og-images';
import { absoluteUrl, cardImage, creatorArt, localUpload, previewImage, type LocalImage } from './preview-art';
import { appPagePaths, webPagePaths } from './page-paths';
import { headTags, noindexTag, summarize, type PageHead } from './public-pages.head';
import { creatorPageLimits, publicPagesMessages, type CreatorPageOutput } from './public-pages.schemas';
import { creatorOfMissingPage, notFoundBody } from './not-found-page';
import { notFoundTexts, type MissingKind } from './not-found.schemas';
import { creatorPodcasts, podcastCardById, podcastPageHead, podcastSitemapEntries } from './podcast-page';

type Services = Pick<WebhookServices, 'db' | 'config' | 'webhooks' | 'storage'>;

/** What a page path answers: its status and what goes into index.html's head (nothing for the app's own pages). */
export interface PageAnswer {
  status: 200 | 404;
  title: string | null;
  tags: string;
  /** Markup put at the start of `<body>` (a missing event's, episode's or podcast's links, in a `<noscript>`). */
  body?: string;
}

const plainPage: PageAnswer = { status: 200, title: null, tags: '' };

const isNotFound = (error: unknown) => error instanceof DomainError && error.code === 'NOT_FOUND';

export interface CreatorRow {
  id: string;
  creatorTag: string;
  displayName: string;
  description: string;
}

// Records.

/** A creator by tag as the event pages find one (events domain: dj or admin, any case). */
async function creatorByTag(services: Services, tag: string): Promise<CreatorRow | null> {
  const row = await firstRow(
    services.db
      .select({ id: users.id, creatorTag: users.creatorTag, displayName: users.displayName, description: users.description })
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${tag})`, inArray(users.role, ['dj', 'admin'])))
      .limit(1),
  );
  return row?.creatorTag ? { ...row, creatorTag: row.creatorTag } : null;
}

/** A creator whose public page (`/c/{tag}`) answers: an active creator or admin account with that tag (any case). */
async function activeCreatorByTag(services: Services, tag: string) {
  const row = await firstRow(
    services.db
      .select({ id: users.id, creatorTag: users.creatorTag, displayName: users.displayName, description: users.description, imageUrl: users.imageUrl })
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${tag})`, inArray(users.role, ['dj', 'admin']), eq(users.isActive, true)))
      .limit(1),
  );
  return row?.creatorTag ? { ...row, creatorTag: row.creatorTag } : null;
}

function creatorPagePath(tag: string): string {
  return `/c/${encodeURIComponent(tag)}`;
}

/**
 * The creator page's data (`/c/{tag}`): the creator, their upcoming events (active, not ended, soonest first) and
 * their latest published episodes of titles open to everyone. An unknown tag or an inactive account is not found.
 */
export async function creatorPage(services: Services, tag: string, now = nowIso()): Promise<CreatorPageOutput> {
  const creator = await activeCreatorByTag(services, tag);
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: publicPagesMessages.creatorNotFound });
  const upcomingEvents = (await publicSchedule(services.db, creator.creatorTag)).events
    .filter((event) => (event.endDateTime ?? event.startDateTime ?? '') >= now)
    .slice(0, creatorPageLimits.events);
  return {
    creator: { id: creator.id, tag: creator.creatorTag, displayName: creator.displayName, description: creator.description, imageUrl: creator.imageUrl },
    upcomingEvents,
    latestEpisodes: await publicUserEpisodes(services, { userId: creator.id, limit: creatorPageLimits.episodes }),
    podcasts: await creatorPodcasts(services, { id: creator.id, tag: creator.creatorTag }, now),
  };
}

function eventPath(tag: string, eventId?: string): string {
  return `/events/${encodeURIComponent(tag)}${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;
}

const utcDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

function eventWhen(event: EventOutput): string {
  return event.startDateTime ? utcDate.format(new Date(event.startDateTime)) : 'Time to be announced';
}

/** The preview card of an event (also served by /og/events/{id}.png). */
async function eventCard(services: Services, event: EventOutput, siteName: string): Promise<PreviewCard> {
  return {
    kind: 'events',
    id: event.id,
    title: event.name,
    subtitle: `${event.user.displayName} · ${eventWhen(event)}`,
    siteName,
    ...(await creatorArt(services, event.userId)),
  };
}

async function creatorCard(services: Services, creator: CreatorRow, siteName: string): Promise<PreviewCard> {
  return { kind: 'creators', id: creator.creatorTag, title: creator.displayName, subtitle: 'Live events and episodes', siteName, ...(await creatorArt(services, creator.id)) };
}

/** Only what a guest's `/api/event/{id}` shows goes in: name, description, time, the creator's name. */
async function eventHead(services: Services, event: EventOutput, canonicalPath: string): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const description =
    summarize(event.description) || `${event.user.displayName} live on ${siteName}: ${event.startDateTime ? eventWhen(event) : 'time to be announced'}.`;
  return {
    title: `${event.name} · ${siteName}`,
    name: event.name,
    description,
    canonicalUrl: absoluteUrl(services, canonicalPath),
    siteName,
    type: 'video.other',
    image: await cardImage(services, await eventCard(services, event, siteName), event.name),
  };
}

async function creatorHead(services: Services, creator: CreatorRow, canonicalPath: string, title: string): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  return {
    title: `${title} · ${siteName}`,
    name: title,
    description: summarize(creator.description) || `Live events, episodes and notifications from ${creator.displayName} on ${siteName}.`,
    canonicalUrl: absoluteUrl(services, canonicalPath),
    siteName,
    type: 'website',
    image: await cardImage(services, await creatorCard(services, creator, siteName), creator.displayName),
  };
}

function isVideoEpisode(episode: PublicEpisode): boolean {
  if (episode.mimeType.startsWith('video/')) return true;
  if (episode.mimeType.startsWith('audio/')) return false;
  return episode.isVideo;
}

/** The episode's card: its art (the episode's, else the title's cover) when there is some, else the creator's face. */
async function episodeCard(services: Services, episode: PublicEpisode, siteName: string, cover: LocalImage | null): Promise<PreviewCard> {
  const art = cover ? { coverFile: cover.file, color: brandOrange } : await creatorArt(services, episode.userId);
  return { kind: 'episodes', id: episode.id, title: episode.name, subtitle: `${episode.podcastTitle} · ${episode.userName}`, siteName, ...art };
}

async function episodeHead(services: Services, episode: PublicEpisode): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const art = await localUpload(services, episode.imageUrl);
  const video = isVideoEpisode(episode);
  const media = { url: absoluteUrl(services, episode.fileUrl), type: episode.mimeType };
  return {
    title: `${episode.name} · ${siteName}`,
    name: episode.name,
    description: summarize(episode.description) || `${episode.podcastTitle} by ${episode.userName} on ${siteName}.`,
    canonicalUrl: absoluteUrl(services, `/video/${encodeURIComponent(episode.id)}`),
    siteName,
    type: video ? 'video.other' : 'music.song',
    image: await previewImage(services, art, episode.imageUrl, await episodeCard(services, episode, siteName, art), episode.name),
    ...(video ? { video: media } : { audio: media }),
    durationSeconds: episode.duration,
  };
}

async function creatorPageHead(services: Services, creator: CreatorRow): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const title = `${creator.displayName} on ${siteName}`;
  return {
    title,
    name: title,
    description:
      summarize(creator.description) || `Memberships, live events and episodes from ${creator.displayName} on ${siteName}: support them monthly and get the perks.`,
    canonicalUrl: absoluteUrl(services, creatorPagePath(creator.creatorTag)),
    siteName,
    type: 'website',
    image: await cardImage(services, await creatorCard(services, creator, siteName), creator.displayName),
  };
}

const plansName = 'Plans and pricing';

function plansCard(siteName: string): PreviewCard {
  return { kind: 'pages', id: 'product-page', title: plansName, subtitle: 'Live streams, podcasts and tips for creators', siteName, coverFile: null, color: brandOrange };
}

async function plansHead(services: Services): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const prices = (await listProducts(services.db)).map((product) => `${product.name} ${formatDollars(product.pricePerMonthCents)}/month`);
  return {
    title: `${plansName} · ${siteName}`,
    name: `${siteName} ${plansName.toLowerCase()}`,
    description: summarize(`Live streams, podcasts and tips for creators on ${siteName}.${prices.length ? ` Plans: ${prices.join(', ')}.` : ''}`),
    canonicalUrl: absoluteUrl(services, '/product-page'),
    siteName,
    type: 'website',
    image: await cardImage(services, plansCard(siteName), `${siteName} ${plansName.toLowerCase()}`),
  };
}

// Pages.

function answer(head: PageHead): PageAnswer {
  return { status: 200, title: head.title, tags: headTags(head) };
}

/**
 * A 404 with noindex. A missing event, episode or podcast says which and carries its links (the creator's page when the
 * creator exists, and home) for readers without scripts; the web app shows the same links.
 */
async function notFound(services: Services, missing?: { kind: MissingKind; tag?: string; id?: string }): Promise<PageAnswer> {
  const siteName = await siteNameOf(services);
  if (!missing) return { status: 404, title: `${notFoundTexts.page.title} · ${siteName}`, tags: noindexTag };
  const { creator } = await creatorOfMissingPage(services, missing);
  return { status: 404, title: `${notFoundTexts[missing.kind].title} · ${siteName}`, tags: noindexTag, body: notFoundBody(missing.kind, creator) };
}

/** `/events/{tag}/{id?}`: the event (it must be that creator's), else the creator's latest event, else the creator. */
async function eventPage(services: Services, tag: string, eventId: string | undefined): Promise<PageAnswer> {
  if (eventId) {
    let event: EventOutput;
    try {
      event = await getPublicEvent(services.db, eventId);
    } catch (error) {
      if (isNotFound(error)) return notFound(services, { kind: 'event', tag });
      throw error;
    }
    if (!event.user.userName || event.user.userName.toLowerCase() !== tag.toLowerCase()) return notFound(services, { kind: 'event', tag });
    return answer(await eventHead(services, event, eventPath(event.user.userName, event.id)));
  }
  const creator = await creatorByTag(services, tag);
  if (!creator) return notFound(services, { kind: 'event', tag });
  try {
    return answer(await eventHead(services, await latestEvent(services.db, creator.creatorTag), eventPath(creator.creatorTag)));
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return answer(await creatorHead(services, creator, eventPath(creator.creatorTag), creator.displayName));
  }
}

/** `/c/{tag}`: the creator's page, or 404 for an unknown tag or an inactive account. */
async function creatorPageAnswer(services: Services, tag: string): Promise<PageAnswer> {
  const creator = await activeCreatorByTag(services, tag);
  return creator ? answer(await creatorPageHead(services, creator)) : notFound(services);
}

async function videoPage(services: Services, videoId: string): Promise<PageAnswer> {
  try {
    return answer(await episodeHead(services, await publicEpisodeById(services, videoId)));
  } catch (error) {
    if (isNotFound(error)) return notFound(services, { kind: 'episode', id: videoId });
    throw error;
  }
}

/** `/podcasts/{tag}/{titleId}`: the podcast's page (the title's cover and description; no episode's file). */
async function podcastPageAnswer(services: Services, tag: string, titleId: string): Promise<PageAnswer> {
  const head = await podcastPageHead(services, tag, titleId);
  return head ? answer(head) : notFound(services, { kind: 'podcast', tag });
}

type PageHandler = (services: Services, params: Record<string, string | undefined>) => Promise<PageAnswer>;

/** Pages whose head comes from a record; every other routed page is answered as index.html is. */
const publicPageHandlers: Partial<Record<string, PageHandler>> = {
  [appPagePaths.event]: (services, params) => eventPage(services, params.subdomain!, params.eventId),
  [appPagePaths.video]: (services, params) => videoPage(services, params.videoId!),
  [appPagePaths.productPage]: async (services) => answer(await plansHead(services)),
  [appPagePaths.creatorPage]: (services, params) => creatorPageAnswer(services, params.tag!),
  [appPagePaths.podcastPage]: (services, params) => podcastPageAnswer(services, params.tag!, params.titleId!),
};

/** The web app's route table as wouter matches it (the same regexparam patterns), in its order. */
const routeMatchers = webPagePaths.map((path) => {
  const { keys, pattern } = parsePattern(path);
  return { path, keys, regex: pattern };
});

/**
 * What a page path answers: 404 (with noindex) for a path the web app does not route and for an unknown event, creator
 * or episode; the record's head for the public pages; index.html as it is for every other page.
 */
export async function answerPagePath(services: Services, path: string): Promise<PageAnswer> {
  // The web app sends `/x/` on to `/x` and `/` to the calendar.
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  if (trimmed === '/') return plainPage;
  for (const matcher of routeMatchers) {
    const match = matcher.regex.exec(trimmed);
    if (!match) continue;
    const handler = publicPageHandlers[matcher.path];
    if (!handler) return plainPage;
    const params: Record<string, string | undefined> = {};
    try {
      matcher.keys.forEach((key, index) => {
        const value = match[index + 1];
        params[key] = value === undefined ? undefined : decodeURIComponent(value);
      });
    } catch {
      return notFound(services);
    }
    return handler(services, params);
  }
  return notFound(services);
}

// Creator apps, sitemap.

/** The head tags of a creator's installable app (`/m/{tag}/`, rendered by the mobile-app domain). */
export async function creatorAppHeadTags(services: Services, creator: CreatorRow, appName: string): Promise<string> {
  return headTags(await creatorHead(services, creator, `/m/${encodeURIComponent(creator.creatorTag)}/`, appName));
}

/** The card behind `/og/{kind}/{id}.png`, or null for an unknown record (the same lookups as the pages). */
export async function previewCardFor(services: Services, kind: PreviewKind, id: string): Promise<PreviewCard | null> {
  const siteName = await siteNameOf(services);
  try {
    switch (kind) {
      case 'events':
        return await eventCard(services, await getPublicEvent(services.db, id), siteName);
      case 'episodes': {
        const episode = await publicEpisodeById(services, id);
        return await episodeCard(services, episode, siteName, await localUpload(services, episode.imageUrl));
      }
      case 'creators': {
        const creator = await creatorByTag(services, id);
        return creator ? await creatorCard(services, creator, siteName) : null;
      }
      case 'podcasts':
        return await podcastCardById(services, id, siteName);
      case 'pages':
        return id === 'product-page' ? plansCard(siteName) : null;
    }
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export async function previewFileFor(services: Services, kind: PreviewKind, id: string): Promise<{ file: string; version: string } | null> {
  const card = await previewCardFor(services, kind, id);
  return card ? ensurePreviewFile(services.config.dataDir, card) : null;
}

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
