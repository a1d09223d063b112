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
export async function eventHead(services: Services, event: EventOutput, canonicalPath: string): Promise<PageHead> {
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

export async function creatorHead(services: Services, creator: CreatorRow, canonicalPath: string, title: string): Promise<PageHead> {
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
export async function episodeCard(services: Services, episode: PublicEpisode, siteName: string, cover: LocalImage | null): Promise<PreviewCard> {
  const art = cover ? { coverFile: cover.file, color: brandOrange } : await creatorArt(services, episode.userId);
  return { kind: 'episodes', id: episode.id, title: episode.name, subtitle: `${episode.podcastTitle} · ${episode.userName}`, siteName, ...art };
}

export async function episodeHead(services: Services, episode: PublicEpisode): Promise<PageHead> {
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

export async function creatorPageHead(services: Services, creator: CreatorRow): Promise<PageHead> {
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

export function plansCard(siteName: string): PreviewCard {
  return { kind: 'pages', id: 'product-page', title: plansName, subtitle: 'Live streams, podcasts and tips for creators', siteName, coverFile: null, color: brandOrange };
}

export async function plansHead(services: Services): Promise<PageHead> {
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
