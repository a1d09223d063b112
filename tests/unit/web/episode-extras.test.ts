import { describe, expect, it } from 'vitest';
import { activeIndex, clockTime, parseChapters, parseCueTime, parseTranscript, podcastAppLinks } from '@web/features/video/episode-extras';
import { seedChapters, seedTranscript } from '../../../seed/podcasts';

describe('the player page reads transcripts and chapters', () => {
  const parts = [
    { start: 0, end: 2, title: 'Welcome', text: "Welcome to the show. I'm Mara." },
    { start: 2, end: 5, title: 'Main', text: 'Tuning up & mixing: 3 > 2.' },
  ];

  it('reads WebVTT and SubRip into the same cues, without markup', () => {
    const expected = [
      { start: 0, end: 2, text: "Welcome to the show. I'm Mara." },
      { start: 2, end: 5, text: 'Tuning up & mixing: 3 > 2.' },
    ];
    expect(parseTranscript(seedTranscript('vtt', parts))).toEqual(expected);
    expect(parseTranscript(seedTranscript('srt', parts))).toEqual(expected);
    const vtt = 'WEBVTT\r\n\r\nNOTE a comment\r\n\r\nintro\r\n01:02.500 --> 01:04.000 align:start\r\n<v Mara>Hello <i>there</i>&amp; welcome\r\n';
    expect(parseTranscript(vtt)).toEqual([{ start: 62.5, end: 64, text: 'Mara: Hello there& welcome' }]);
    expect(parseCueTime('1:00:00.250')).toBe(3600.25);
    expect(parseCueTime('later')).toBeNull();
  });

  it('lists chapters in time order, leaving out toc:false and malformed entries', () => {
    expect(parseChapters(JSON.parse(seedChapters(parts)))).toEqual([
      { start: 0, title: 'Welcome' },
      { start: 2, title: 'Main' },
    ]);
    expect(parseChapters({ chapters: [{ startTime: 9, title: 'B' }, { startTime: 3 }, { startTime: 5, title: 'Hidden', toc: false }, { title: 'No time' }] })).toEqual([
      { start: 3, title: 'Chapter 2' },
      { start: 9, title: 'B' },
    ]);
    expect(parseChapters('nonsense')).toEqual([]);
  });

  it('links podcast apps with the feed URL without its scheme, and follows the playing position', () => {
    expect(podcastAppLinks('https://casts.example.test/feeds/a1.xml')).toEqual({ apple: 'podcast://casts.example.test/feeds/a1.xml', other: 'pcast://casts.example.test/feeds/a1.xml' });
    const items = [{ start: 0 }, { start: 2 }, { start: 5 }];
    expect([activeIndex(items, 0), activeIndex(items, 1.99), activeIndex(items, 2), activeIndex(items, 60)]).toEqual([0, 1, 1, 2]);
    expect(activeIndex([{ start: 3 }], 1)).toBe(-1);
    expect([clockTime(5), clockTime(65), clockTime(3725)]).toEqual(['0:05', '1:05', '1:02:05']);
  });
});
