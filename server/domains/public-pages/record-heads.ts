import { and, eq, inArray, sql } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import { listProducts } from '@server/domains/billing/billing.service';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { brandOrange } from '@common/mobile-app-values';
import type { PublicEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { siteNameOf } from '@server/domains/settings/settings.service';
import { formatDollars } from '@common/money';
import type { PreviewCard } from './og-images';
import { absoluteUrl, cardImage, creatorArt, localUpload, previewImage, type LocalImage, type PreviewServices as Services } from './preview-art';
import { summarize, type PageHead } from './public-pages.head';
import { pageHeadMessages } from './public-pages.messages';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';

/**
 * The records behind the public pages (creators by tag, their paths) and each record's page head and preview card:
 * events, creators (their event page, their `/c/{tag}` page, their app), episodes and the plans page. Podcast pages
 * have theirs in podcast-page.ts.
 */

export interface CreatorRow {
  id: string;
  creatorTag: string;
  displayName: string;
  description: string;
}

/** A creator by tag as the event pages find one (events domain: dj or admin, any case). */
export async function creatorByTag(services: Services, tag: string): Promise<CreatorRow | null> {
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
export async function activeCreatorByTag(services: Services, tag: string) {
  const row = await firstRow(
    services.db
      .select({ id: users.id, creatorTag: users.creatorTag, displayName: users.displayName, description: users.description, imageUrl: users.imageUrl })
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${tag})`, inArray(users.role, ['dj', 'admin']), eq(users.isActive, true)))
      .limit(1),
  );
  return row?.creatorTag ? { ...row, creatorTag: row.creatorTag } : null;
}

export function creatorPagePath(tag: string): string {
  return `/c/${encodeURIComponent(tag)}`;
}

// Heads and cards.

export function eventPath(tag: string, eventId?: string): string {
  return `/events/${encodeURIComponent(tag)}${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;
}

const utcDateOptions: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
};
const utcDates = new Map<string, Intl.DateTimeFormat>();

/** An event's start in UTC, written as `locale` writes dates (English: `Fri, Mar 6, 2026, 9:00 PM UTC`). */
function utcDate(locale: Locale, iso: string): string {
  const intlLocale = locale === 'en' ? 'en-US' : locale;
  let format = utcDates.get(intlLocale);
  if (!format) utcDates.set(intlLocale, (format = new Intl.DateTimeFormat(intlLocale, utcDateOptions)));
  return format.format(new Date(iso));
}

/** The card's line (the card is one image for every visitor: English). */
function eventWhen(event: EventOutput): string {
  return event.startDateTime ? utcDate('en', event.startDateTime) : 'Time to be announced';
}

/** The preview card of an event (also served by /og/events/{id}.png). */
export async function eventCard(services: Services, event: EventOutput, siteName: string): Promise<PreviewCard> {
  return {
    kind: 'events',
    id: event.id,
    title: event.name,
    subtitle: `${event.user.displayName} · ${eventWhen(event)}`,
    siteName,
    ...(await creatorArt(services, event.userId)),
  };
}

export async function creatorCard(services: Services, creator: CreatorRow, siteName: string): Promise<PreviewCard> {
  return { kind: 'creators', id: creator.creatorTag, title: creator.displayName, subtitle: 'Live events and episodes', siteName, ...(await creatorArt(services, creator.id)) };
}

/** Only what a guest's `/api/event/{id}` shows goes in: name, description, time, the creator's name. */
export async function eventHead(services: Services, event: EventOutput, canonicalPath: string, locale: Locale = 'en'): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const when = event.startDateTime ? utcDate(locale, event.startDateTime) : translate(locale, pageHeadMessages.eventTimeTba);
  const description = summarize(event.description) || translate(locale, pageHeadMessages.eventLiveOn, { creatorName: event.user.displayName, siteName, when });
  return {
    locale,
    title: `${event.name} · ${siteName}`,
    name: event.name,
    description,
    canonicalUrl: absoluteUrl(services, canonicalPath),
    siteName,
    type: 'video.other',
    image: await cardImage(services, await eventCard(services, event, siteName), event.name),
  };
}

export async function creatorHead(services: Services, creator: CreatorRow, canonicalPath: string, title: string, locale: Locale = 'en'): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  return {
    locale,
    title: `${title} · ${siteName}`,
    name: title,
    description: summarize(creator.description) || translate(locale, pageHeadMessages.creatorDescription, { creatorName: creator.displayName, siteName }),
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
export async function episodeCard(services: Services, episode: PublicEpisode, siteName: string, cover: LocalImage | null): Promise<PreviewCard> {
  const art = cover ? { coverFile: cover.file, color: brandOrange } : await creatorArt(services, episode.userId);
  return { kind: 'episodes', id: episode.id, title: episode.name, subtitle: `${episode.podcastTitle} · ${episode.userName}`, siteName, ...art };
}

export async function episodeHead(services: Services, episode: PublicEpisode, locale: Locale = 'en'): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const art = await localUpload(services, episode.imageUrl);
  const video = isVideoEpisode(episode);
  const media = { url: absoluteUrl(services, episode.fileUrl), type: episode.mimeType };
  return {
    locale,
    title: `${episode.name} · ${siteName}`,
    name: episode.name,
    description:
      summarize(episode.description) || translate(locale, pageHeadMessages.episodeDescription, { podcastTitle: episode.podcastTitle, creatorName: episode.userName, siteName }),
    canonicalUrl: absoluteUrl(services, `/video/${encodeURIComponent(episode.id)}`),
    siteName,
    type: video ? 'video.other' : 'music.song',
    image: await previewImage(services, art, episode.imageUrl, await episodeCard(services, episode, siteName, art), episode.name),
    ...(video ? { video: media } : { audio: media }),
    durationSeconds: episode.duration,
  };
}

export async function creatorPageHead(services: Services, creator: CreatorRow, locale: Locale = 'en'): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const names = { creatorName: creator.displayName, siteName };
  const title = translate(locale, pageHeadMessages.creatorPageTitle, names);
  return {
    locale,
    title,
    name: title,
    description: summarize(creator.description) || translate(locale, pageHeadMessages.creatorPageDescription, names),
    canonicalUrl: absoluteUrl(services, creatorPagePath(creator.creatorTag)),
    siteName,
    type: 'website',
    image: await cardImage(services, await creatorCard(services, creator, siteName), creator.displayName),
  };
}

export function plansCard(siteName: string): PreviewCard {
  return { kind: 'pages', id: 'product-page', title: pageHeadMessages.plansTitle, subtitle: 'Live streams, podcasts and tips for creators', siteName, coverFile: null, color: brandOrange };
}

export async function plansHead(services: Services, locale: Locale = 'en'): Promise<PageHead> {
  const siteName = await siteNameOf(services);
  const prices = (await listProducts(services.db)).map((product) =>
    translate(locale, pageHeadMessages.productPrice, { product: product.name, price: formatDollars(product.pricePerMonthCents) }),
  );
  const description = translate(locale, pageHeadMessages.plansDescription, { siteName });
  const name = translate(locale, pageHeadMessages.plansName, { siteName });
  return {
    locale,
    title: `${translate(locale, pageHeadMessages.plansTitle)} · ${siteName}`,
    name,
    description: summarize(prices.length ? `${description} ${translate(locale, pageHeadMessages.plansPrices, { prices: prices.join(', ') })}` : description),
    canonicalUrl: absoluteUrl(services, '/product-page'),
    siteName,
    type: 'website',
    image: await cardImage(services, plansCard(siteName), name),
  };
}
