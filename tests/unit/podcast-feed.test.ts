import { describe, expect, it } from 'vitest';
import { buildPodcastFeed, escapeXml, podcastGuid, podcastGuidNamespace, type FeedInput } from '@server/domains/podcasts/podcast-feed';
import { formatDuration, podcastCategory, podcastCategoryValues, podcastLanguage, podcastMessages, publishDate } from '@server/domains/podcasts/podcasts.schemas';
import { uuidV5 } from '@server/lib/uuid-v5';

describe('UUID v5 and podcast:guid', () => {
  it('matches the RFC 9562 example (DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it("matches the Podcasting 2.0 namespace's published example", () => {
    // podcastindex.org/namespace/1.0#guid: the feed at https://mp3s.nashownotes.com/pc20rss.xml
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('http://mp3s.nashownotes.com/pc20rss.xml/')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(uuidV5('podnews.net/rss', podcastGuidNamespace)).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow();
  });
});

describe('feed text', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  });
});

describe('durations and dates', () => {
  it('formats seconds as HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(3 * 3600 + 25 * 60 + 7)).toBe('03:25:07');
    expect(formatDuration(100 * 3600)).toBe('100:00:00');
  });

  it('reads publish dates as UTC ISO and refuses nonsense', () => {
    expect(publishDate.parse('2026-01-05T10:00:00Z')).toBe('2026-01-05T10:00:00.000Z');
    expect(publishDate.parse('2026-01-05')).toBe('2026-01-05T00:00:00.000Z');
    expect(publishDate.safeParse('soon').success).toBe(false);
  });
});

const feedTitle: FeedInput['title'] = {
  id: 't1',
  userId: 'u1',
  name: 'Records',
  description: '',
  imageUrl: null,
  isVideo: false,
  category: 'Music',
  explicit: false,
  language: 'en',
  podcastGuid: null,
  contactEmail: null,
  itunesType: 'episodic',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const feedOwner = { displayName: 'Mara Quill', creatorTag: 'mara' } as FeedInput['owner'];

describe('title language and category', () => {
  it('accepts BCP 47 language tags, writes them canonically, and refuses anything else with one clear message', () => {
    expect(podcastLanguage.parse('en')).toBe('en');
    expect(podcastLanguage.parse(' fr-ca ')).toBe('fr-CA');
    expect(podcastLanguage.parse('zh-hant')).toBe('zh-Hant');
    expect(podcastLanguage.parse('es-419')).toBe('es-419');
    for (const bad of ['', 'english', 'en_US', 'e', 'en-', 'fr-CA-x', '12', 'en US']) {
      const result = podcastLanguage.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(podcastMessages.language);
    }
  });

  it("takes Apple's categories and subcategories, spelled as Apple spells them", () => {
    expect(podcastCategory.parse('music')).toBe('Music');
    expect(podcastCategory.parse('tv & film>film reviews')).toBe('TV & Film > Film Reviews');
    expect(podcastCategoryValues).toContain('Music > Music Interviews');
    expect(podcastCategory.safeParse('Rock').error?.issues[0]?.message).toBe(podcastMessages.category);
    expect(podcastCategory.safeParse('Music > Books').success).toBe(false);
  });

  it('nests a subcategory inside its category in the feed', () => {
    const xml = buildPodcastFeed({
      title: { ...feedTitle, category: 'Arts > Fashion & Beauty', language: 'fr-CA' },
      owner: feedOwner,
      episodes: [],
      origin: 'https://casts.example.test',
      feedUrl: 'https://casts.example.test/feeds/t1.xml',
    });
    expect(xml).toContain('<language>fr-CA</language>');
    expect(xml).toContain('<itunes:category text="Arts"><itunes:category text="Fashion &amp; Beauty"/></itunes:category>');
    expect(xml).not.toContain('text="Music"');
  });
});
