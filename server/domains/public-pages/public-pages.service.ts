import { DomainError } from '@server/platform/errors';
import { parse as parsePattern } from 'regexparam';
import { getPublicEvent, latestEvent, publicSchedule } from '@server/domains/events/events.service';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { publicEpisodeById, publicUserEpisodes } from '@server/domains/podcasts/podcasts.service';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { nowIso } from '@server/lib/ids';
import { ensurePreviewFile, type PreviewCard, type PreviewKind } from './og-images';
import { localUpload, type PreviewServices as Services } from './preview-art';
import { appPagePaths, webPagePaths } from '@common/page-paths';
import { headTags, noindexTag, type PageHead } from './public-pages.head';
import { creatorPageLimits, publicPagesMessages, type CreatorPageOutput } from './public-pages.schemas';
import { creatorOfMissingPage, notFoundBody } from './not-found-page';
import { notFoundTexts, type MissingKind } from './not-found.schemas';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';
import { creatorPodcasts, podcastCardById, podcastPageHead } from './podcast-page';
import {
  activeCreatorByTag,
  creatorByTag,
  creatorCard,
  creatorHead,
  creatorPageHead,
  episodeCard,
  episodeHead,
  eventCard,
  eventHead,
  eventPath,
  plansCard,
  plansHead,
  type CreatorRow,
} from './record-heads';

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

// Pages.

function answer(head: PageHead): PageAnswer {
  return { status: 200, title: head.title, tags: headTags(head) };
}

/**
 * A 404 with noindex. A missing event, episode or podcast says which and carries its links (the creator's page when the
 * creator exists, and home) for readers without scripts; the web app shows the same links.
 */
async function notFound(services: Services, locale: Locale, missing?: { kind: MissingKind; tag?: string; id?: string }): Promise<PageAnswer> {
  const siteName = await siteNameOf(services);
  if (!missing) return { status: 404, title: `${translate(locale, notFoundTexts.page.title)} · ${siteName}`, tags: noindexTag };
  const { creator } = await creatorOfMissingPage(services, missing);
  return { status: 404, title: `${translate(locale, notFoundTexts[missing.kind].title)} · ${siteName}`, tags: noindexTag, body: notFoundBody(missing.kind, creator, locale) };
}

/** `/events/{tag}/{id?}`: the event (it must be that creator's), else the creator's latest event, else the creator. */
async function eventPage(services: Services, locale: Locale, tag: string, eventId: string | undefined): Promise<PageAnswer> {
  if (eventId) {
    let event: EventOutput;
    try {
      event = await getPublicEvent(services.db, eventId);
    } catch (error) {
      if (isNotFound(error)) return notFound(services, locale, { kind: 'event', tag });
      throw error;
    }
    if (!event.user.userName || event.user.userName.toLowerCase() !== tag.toLowerCase()) return notFound(services, locale, { kind: 'event', tag });
    return answer(await eventHead(services, event, eventPath(event.user.userName, event.id), locale));
  }
  const creator = await creatorByTag(services, tag);
  if (!creator) return notFound(services, locale, { kind: 'event', tag });
  try {
    return answer(await eventHead(services, await latestEvent(services.db, creator.creatorTag), eventPath(creator.creatorTag), locale));
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return answer(await creatorHead(services, creator, eventPath(creator.creatorTag), creator.displayName, locale));
  }
}

/** `/c/{tag}`: the creator's page, or 404 for an unknown tag or an inactive account. */
async function creatorPageAnswer(services: Services, locale: Locale, tag: string): Promise<PageAnswer> {
  const creator = await activeCreatorByTag(services, tag);
  return creator ? answer(await creatorPageHead(services, creator, locale)) : notFound(services, locale);
}

async function videoPage(services: Services, locale: Locale, videoId: string): Promise<PageAnswer> {
  try {
    return answer(await episodeHead(services, await publicEpisodeById(services, videoId), locale));
  } catch (error) {
    if (isNotFound(error)) return notFound(services, locale, { kind: 'episode', id: videoId });
    throw error;
  }
}

/** `/podcasts/{tag}/{titleId}`: the podcast's page (the title's cover and description; no episode's file). */
async function podcastPageAnswer(services: Services, locale: Locale, tag: string, titleId: string): Promise<PageAnswer> {
  const head = await podcastPageHead(services, tag, titleId, locale);
  return head ? answer(head) : notFound(services, locale, { kind: 'podcast', tag });
}

type PageHandler = (services: Services, params: Record<string, string | undefined>, locale: Locale) => Promise<PageAnswer>;

/** Pages whose head comes from a record; every other routed page is answered as index.html is. */
const publicPageHandlers: Partial<Record<string, PageHandler>> = {
  [appPagePaths.event]: (services, params, locale) => eventPage(services, locale, params.subdomain!, params.eventId),
  [appPagePaths.video]: (services, params, locale) => videoPage(services, locale, params.videoId!),
  [appPagePaths.productPage]: async (services, _params, locale) => answer(await plansHead(services, locale)),
  [appPagePaths.creatorPage]: (services, params, locale) => creatorPageAnswer(services, locale, params.tag!),
  [appPagePaths.podcastPage]: (services, params, locale) => podcastPageAnswer(services, locale, params.tag!, params.titleId!),
};

/** The web app's route table as wouter matches it (the same regexparam patterns), in its order. */
const routeMatchers = webPagePaths.map((path) => {
  const { keys, pattern } = parsePattern(path);
  return { path, keys, regex: pattern };
});

/**
 * What a page path answers: 404 (with noindex) for a path the web app does not route and for an unknown event, creator
 * or episode; the record's head for the public pages; index.html as it is for every other page. The server's own
 * words in a head are in `locale` (the visitor's, from Accept-Language).
 */
export async function answerPagePath(services: Services, path: string, locale: Locale = 'en'): Promise<PageAnswer> {
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
      return notFound(services, locale);
    }
    return handler(services, params, locale);
  }
  return notFound(services, locale);
}

// Creator apps, sitemap.

/** The head tags of a creator's installable app (`/m/{tag}/`, rendered by the mobile-app domain). */
export async function creatorAppHeadTags(services: Services, creator: CreatorRow, appName: string, locale: Locale = 'en'): Promise<string> {
  return headTags(await creatorHead(services, creator, `/m/${encodeURIComponent(creator.creatorTag)}/`, appName, locale));
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
