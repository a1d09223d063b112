import { parseFeed } from 'podcast-partytime';
import { describe, expect, it } from 'vitest';
import type { podcastEpisodes } from '@db/schema/podcasts';
import { buildPodcastFeed, escapeXml, podcastGuid, type FeedInput } from '@server/domains/podcasts/podcast-feed';
import { formatDuration, podcastCategory, podcastCategoryValues, podcastLanguage, podcastMessages, publishDate } from '@server/domains/podcasts/podcasts.schemas';

describe('podcast:guid', () => {
  it("matches the Podcasting 2.0 namespace's published examples", () => {
    // podcastindex.org/namespace/1.0#guid: the feed at https://mp3s.nashownotes.com/pc20rss.xml
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('http://mp3s.nashownotes.com/pc20rss.xml/')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
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
  podcastGuid: '0c5d1f8e-3b3a-5c1e-9d2a-7a0c3e1b2f4d',
  contactEmail: null,
  itunesType: 'episodic',
  membersOnly: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const feedOwner = { displayName: 'Mara Quill', creatorTag: 'mara', email: 'mara@example.test' } as FeedInput['owner'];

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

const origin = 'https://casts.example.test';
function feedEpisode(overrides: Partial<typeof podcastEpisodes.$inferSelect>): typeof podcastEpisodes.$inferSelect {
  return {
    id: 'e1',
    podcastTitleId: 't1',
    userId: 'u1',
    fediverse: true,
    name: 'Pilot',
    description: '',
    mediaUrl: '/uploads/e1.mp3',
    mediaType: 'audio/mpeg',
    mediaBytes: 1000,
    durationSeconds: 60,
    imageUrl: null,
    transcriptUrl: null,
    transcriptType: null,
    chaptersUrl: null,
    publishDate: '2026-01-05T10:00:00.000Z',
    seasonNumber: null,
    episodeNumber: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
const build = (title: Partial<FeedInput['title']>, episodes: FeedInput['episodes'] = [feedEpisode({})]) =>
  buildPodcastFeed({ title: { ...feedTitle, ...title }, owner: feedOwner, episodes, origin, feedUrl: `${origin}/feeds/t1.xml` });

describe('what podcast directories read (podcast-partytime)', () => {
  it("names the owner and locks the feed to the owner's email: the account's, or the title's contact email", () => {
    const byAccount = parseFeed(build({}))!;
    expect(byAccount.owner).toEqual({ name: 'Mara Quill', email: 'mara@example.test' });
    expect(byAccount.locked).toBe(true);
    expect(byAccount.podcastOwner).toBe('mara@example.test');

    const xml = build({ contactEmail: 'shows+records@example.test' });
    expect(xml).toContain('<podcast:locked owner="shows+records@example.test">yes</podcast:locked>');
    const byContact = parseFeed(xml)!;
    expect(byContact.owner).toEqual({ name: 'Mara Quill', email: 'shows+records@example.test' });
    expect(byContact.podcastOwner).toBe('shows+records@example.test');
  });

  it('writes the stored podcast:guid, never one computed from the feed URL', () => {
    const feed = parseFeed(build({ podcastGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810' }))!;
    expect(feed.guid).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(feed.guid).not.toBe(podcastGuid(`${origin}/feeds/t1.xml`));
  });

  it("writes the title's itunes:type, and season and episode numbers (iTunes and Podcasting 2.0) only where set", () => {
    expect(parseFeed(build({}))!.itunesType).toBe('episodic');
    const feed = parseFeed(
      build({ itunesType: 'serial' }, [
        feedEpisode({ id: 'e2', name: 'Second', seasonNumber: 2, episodeNumber: 7 }),
        feedEpisode({ id: 'e1', name: 'Numberless' }),
      ]),
    )!;
    expect(feed.itunesType).toBe('serial');
    const [numbered, plain] = feed.items;
    expect(numbered).toMatchObject({ itunesSeason: 2, itunesEpisode: 7, podcastSeason: { number: 2 }, podcastEpisode: { number: 7 } });
    expect(plain).not.toHaveProperty('itunesSeason');
    expect(plain).not.toHaveProperty('itunesEpisode');
    expect(plain).not.toHaveProperty('podcastSeason');
    expect(plain).not.toHaveProperty('podcastEpisode');
  });

  it('escapes the owner email like any other text', () => {
    const xml = build({ contactEmail: `o'brien&co@example.test` });
    expect(xml).toContain('<itunes:email>o&apos;brien&amp;co@example.test</itunes:email>');
    expect(parseFeed(xml)!.podcastOwner).toBe(`o'brien&co@example.test`);
  });
});
