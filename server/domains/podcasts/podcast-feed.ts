import { v5 as uuidV5 } from 'uuid';
import type { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import type { users } from '@db/schema/users';
import { splitCategory } from './podcast-categories';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';
import { podcastFeedMessages } from './podcasts.messages';

/** The Podcasting 2.0 namespace's UUID for `podcast:guid` (podcastindex.org/namespace/1.0#guid). */
const podcastGuidNamespace = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** `podcast:guid`: UUIDv5 of the feed URL without its scheme and trailing slashes (computed once, when a title is created). */
export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), podcastGuidNamespace);
}

export function escapeXml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry these characters at all
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Attributes = Record<string, string | number | undefined>;

/** One element: attributes escaped; text escaped unless it is already-built child markup. */
function element(name: string, attributes: Attributes = {}, content?: string | { xml: string }): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  if (content === undefined) return `<${name}${attrs}/>`;
  const body = typeof content === 'string' ? escapeXml(content) : content.xml;
  return `<${name}${attrs}>${body}</${name}>`;
}

const children = (...parts: Array<string | false | null | undefined>) => ({ xml: parts.filter(Boolean).join('\n') });

export interface FeedInput {
  /** The title as stored; its `podcast:guid` is the one fixed at creation. */
  title: typeof podcastTitles.$inferSelect & { podcastGuid: string };
  owner: typeof users.$inferSelect;
  episodes: Array<typeof podcastEpisodes.$inferSelect>;
  /** Absolute origin (PUBLIC_URL). */
  origin: string;
  feedUrl: string;
  /**
   * A member's private feed: `itunes:block` yes (no directory lists it), each episode file at the member's own URL
   * (`fileUrl` of the stored `/uploads/…` URL), and items linked to `link` (the creator's page) instead of the public
   * episode pages. The title's cover stays at its public URL.
   */
  privateFeed?: { fileUrl: (episode: FeedEpisode, url: string) => string; link: string };
}

type FeedEpisode = FeedInput['episodes'][number];

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
const yesNo = (value: boolean) => (value ? 'true' : 'false');

/** `Music` → `<itunes:category text="Music"/>`; `Music > Music Interviews` nests the subcategory, as Apple asks. */
function itunesCategory(value: string): string {
  const [category, subcategory] = splitCategory(value);
  return subcategory === undefined
    ? element('itunes:category', { text: category })
    : element('itunes:category', { text: category }, { xml: element('itunes:category', { text: subcategory }) });
}

/** The podcast's own public page (`/podcasts/{creatorTag}/{titleId}`): the feed's channel links to it. */
export function podcastPagePath(creatorTag: string, titleId: string): string {
  return `/podcasts/${encodeURIComponent(creatorTag)}/${encodeURIComponent(titleId)}`;
}

/** RSS 2.0 with the iTunes tags and the Podcasting 2.0 basics. */
export function buildPodcastFeed({ title, owner, episodes, origin, feedUrl, privateFeed }: FeedInput): string {
  const author = owner.displayName;
  const cover = title.imageUrl ? absolute(origin, title.imageUrl) : undefined;
  const eventPage = owner.creatorTag ? `${origin}/events/${encodeURIComponent(owner.creatorTag)}` : undefined;
  // The channel's home: the podcast's own page (cover, episodes, subscribe links; members-only titles show guests no media).
  const podcastPage = owner.creatorTag ? `${origin}${podcastPagePath(owner.creatorTag, title.id)}` : origin;
  const lastBuild = episodes[0]?.publishDate ?? title.updatedAt;
  // Apple mails the verification code here; podcast:locked names the same address as the owner who may move the feed.
  const ownerEmail = title.contactEmail ?? owner.email;

  const items = episodes.map((episode) => {
    const page = privateFeed ? privateFeed.link : `${origin}/video/${encodeURIComponent(episode.id)}`;
    const file = (url: string) => (privateFeed ? privateFeed.fileUrl(episode, url) : absolute(origin, url));
    const image = episode.imageUrl ? file(episode.imageUrl) : cover;
    return element(
      'item',
      {},
      children(
        element('title', {}, episode.name),
        element('description', {}, episode.description || episode.name),
        element('link', {}, page),
        element('guid', { isPermaLink: 'false' }, episode.id),
        element('pubDate', {}, new Date(episode.publishDate).toUTCString()),
        element('enclosure', { url: file(episode.mediaUrl), length: episode.mediaBytes, type: episode.mediaType }),
        element('itunes:title', {}, episode.name),
        element('itunes:duration', {}, String(episode.durationSeconds)),
        element('itunes:explicit', {}, yesNo(title.explicit)),
        element('itunes:episodeType', {}, 'full'),
        episode.seasonNumber !== null && element('itunes:season', {}, String(episode.seasonNumber)),
        episode.episodeNumber !== null && element('itunes:episode', {}, String(episode.episodeNumber)),
        episode.seasonNumber !== null && element('podcast:season', {}, String(episode.seasonNumber)),
        episode.episodeNumber !== null && element('podcast:episode', {}, String(episode.episodeNumber)),
        image && element('itunes:image', { href: image }),
        episode.transcriptUrl && element('podcast:transcript', { url: file(episode.transcriptUrl), type: episode.transcriptType ?? 'text/vtt' }),
        episode.chaptersUrl && element('podcast:chapters', { url: file(episode.chaptersUrl), type: 'application/json+chapters' }),
      ),
    );
  });

  const channel = element(
    'channel',
    {},
    children(
      element('title', {}, title.name),
      element('link', {}, podcastPage),
      element('description', {}, title.description || title.name),
      element('language', {}, title.language),
      element('generator', {}, 'Cuepoint'),
      element('lastBuildDate', {}, new Date(lastBuild).toUTCString()),
      element('atom:link', { href: feedUrl, rel: 'self', type: 'application/rss+xml' }),
      cover && element('image', {}, children(element('url', {}, cover), element('title', {}, title.name), element('link', {}, podcastPage))),
      element('itunes:author', {}, author),
      element('itunes:summary', {}, title.description || title.name),
      element('itunes:owner', {}, children(element('itunes:name', {}, author), element('itunes:email', {}, ownerEmail))),
      element('itunes:type', {}, title.itunesType),
      element('itunes:explicit', {}, yesNo(title.explicit)),
      itunesCategory(title.category),
      cover && element('itunes:image', { href: cover }),
      privateFeed && element('itunes:block', {}, 'Yes'),
      element('podcast:guid', {}, title.podcastGuid),
      element('podcast:locked', { owner: ownerEmail }, 'yes'),
      eventPage && element('podcast:funding', { url: eventPage }, translate(requestLocale(owner.locale, undefined), podcastFeedMessages.funding, { author })),
      element('podcast:medium', {}, title.isVideo ? 'video' : 'podcast'),
      ...items,
    ),
  );

  return rssDocument(channel);
}

function rssDocument(channel: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    channel,
    '</rss>',
    '',
  ].join('\n');
}

export interface NoticeFeedInput {
  title: FeedInput['title'];
  owner: FeedInput['owner'];
  origin: string;
  feedUrl: string;
  /** The one item: what happened and what to do, linked to where it can be done. */
  notice: { guid: string; title: string; text: string; link: string; date: string };
  /** A short, silent MP3 (podcast apps list only items with an enclosure). */
  audio: { url: string; length: number; type: string };
}

/**
 * A private feed that stopped (the membership lapsed, the address was reset): the title's channel, blocked and
 * locked, with one item telling the listener why and what to do, which is what their podcast app shows.
 */
export function buildNoticeFeed({ title, owner, origin, feedUrl, notice, audio }: NoticeFeedInput): string {
  const cover = title.imageUrl ? absolute(origin, title.imageUrl) : undefined;
  const ownerEmail = title.contactEmail ?? owner.email;
  const date = new Date(notice.date).toUTCString();
  const item = element(
    'item',
    {},
    children(
      element('title', {}, notice.title),
      element('description', {}, notice.text),
      element('link', {}, notice.link),
      element('guid', { isPermaLink: 'false' }, notice.guid),
      element('pubDate', {}, date),
      element('enclosure', { url: audio.url, length: audio.length, type: audio.type }),
      element('itunes:title', {}, notice.title),
      element('itunes:summary', {}, notice.text),
      element('itunes:episodeType', {}, 'trailer'),
      cover && element('itunes:image', { href: cover }),
    ),
  );
  const channel = element(
    'channel',
    {},
    children(
      element('title', {}, title.name),
      element('link', {}, notice.link),
      element('description', {}, notice.text),
      element('language', {}, title.language),
      element('generator', {}, 'Cuepoint'),
      element('lastBuildDate', {}, date),
      element('atom:link', { href: feedUrl, rel: 'self', type: 'application/rss+xml' }),
      element('itunes:author', {}, owner.displayName),
      element('itunes:owner', {}, children(element('itunes:name', {}, owner.displayName), element('itunes:email', {}, ownerEmail))),
      element('itunes:explicit', {}, yesNo(title.explicit)),
      itunesCategory(title.category),
      cover && element('itunes:image', { href: cover }),
      element('itunes:block', {}, 'Yes'),
      element('podcast:guid', {}, title.podcastGuid),
      element('podcast:locked', { owner: ownerEmail }, 'yes'),
      item,
    ),
  );
  return rssDocument(channel);
}
