import { describe, expect, it } from 'vitest';
import { escapeXml, podcastGuid, podcastGuidNamespace } from '@server/domains/podcasts/podcast-feed';
import { formatDuration, publishDate } from '@server/domains/podcasts/podcasts.schemas';
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
