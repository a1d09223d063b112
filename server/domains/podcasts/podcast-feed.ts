import { v5 as uuidV5 } from 'uuid';
import type { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import type { users } from '@db/schema/users';
import { splitCategory } from './podcast-categories';

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
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
const yesNo = (value: boolean) => (value ? 'true' : 'false');

/** `Music` → `<itunes:category text="Music"/>`; `Music > Music Interviews` nests the subcategory, as Apple asks. */
function itunesCategory(value: string): string {
  const [category, subcategory] = splitCategory(value);
  return subcategory === undefined
    ? element('itunes:category', { text: category })
    : element('itunes:category', { text: category }, { xml: element('itunes:category', { text: subcategory }) });
}

/** RSS 2.0 with the iTunes tags and the Podcasting 2.0 basics. */
export function buildPodcastFeed({ title, owner, episodes, origin, feedUrl }: FeedInput): string {
  const author = owner.displayName;
  const cover = title.imageUrl ? absolute(origin, title.imageUrl) : undefined;
  const eventPage = owner.creatorTag ? `${origin}/events/${encodeURIComponent(owner.creatorTag)}` : undefined;
  const lastBuild = episodes[0]?.publishDate ?? title.updatedAt;
  // Apple mails the verification code here; podcast:locked names the same address as the owner who may move the feed.
  const ownerEmail = title.contactEmail ?? owner.email;

  const items = episodes.map((episode) => {
    const page = `${origin}/video/${encodeURIComponent(episode.id)}`;
    const image = episode.imageUrl ? absolute(origin, episode.imageUrl) : cover;
    return element(
      'item',
      {},
      children(
        element('title', {}, episode.name),
        element('description', {}, episode.description || episode.name),
        element('link', {}, page),
        element('guid', { isPermaLink: 'false' }, episode.id),
        element('pubDate', {}, new Date(episode.publishDate).toUTCString()),
        element('enclosure', { url: absolute(origin, episode.mediaUrl), length: episode.mediaBytes, type: episode.mediaType }),
        element('itunes:title', {}, episode.name),
        element('itunes:duration', {}, String(episode.durationSeconds)),
        element('itunes:explicit', {}, yesNo(title.explicit)),
        element('itunes:episodeType', {}, 'full'),
        episode.seasonNumber !== null && element('itunes:season', {}, String(episode.seasonNumber)),
        episode.episodeNumber !== null && element('itunes:episode', {}, String(episode.episodeNumber)),
        episode.seasonNumber !== null && element('podcast:season', {}, String(episode.seasonNumber)),
        episode.episodeNumber !== null && element('podcast:episode', {}, String(episode.episodeNumber)),
        image && element('itunes:image', { href: image }),
        episode.transcriptUrl && element('podcast:transcript', { url: absolute(origin, episode.transcriptUrl), type: episode.transcriptType ?? 'text/vtt' }),
        episode.chaptersUrl && element('podcast:chapters', { url: absolute(origin, episode.chaptersUrl), type: 'application/json+chapters' }),
      ),
    );
  });

  const channel = element(
    'channel',
    {},
    children(
      element('title', {}, title.name),
      element('link', {}, eventPage ?? origin),
      element('description', {}, title.description || title.name),
      element('language', {}, title.language),
      element('generator', {}, 'Cuepoint'),
      element('lastBuildDate', {}, new Date(lastBuild).toUTCString()),
      element('atom:link', { href: feedUrl, rel: 'self', type: 'application/rss+xml' }),
      cover && element('image', {}, children(element('url', {}, cover), element('title', {}, title.name), element('link', {}, eventPage ?? origin))),
      element('itunes:author', {}, author),
      element('itunes:summary', {}, title.description || title.name),
      element('itunes:owner', {}, children(element('itunes:name', {}, author), element('itunes:email', {}, ownerEmail))),
      element('itunes:type', {}, title.itunesType),
      element('itunes:explicit', {}, yesNo(title.explicit)),
      itunesCategory(title.category),
      cover && element('itunes:image', { href: cover }),
      element('podcast:guid', {}, title.podcastGuid),
      element('podcast:locked', { owner: ownerEmail }, 'yes'),
      eventPage && element('podcast:funding', { url: eventPage }, `Support ${author} with a tip`),
      element('podcast:medium', {}, title.isVideo ? 'video' : 'podcast'),
      ...items,
    ),
  );

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    channel,
    '</rss>',
    '',
  ].join('\n');
}
