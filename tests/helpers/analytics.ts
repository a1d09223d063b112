import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { listenerWindows } from '@db/schema/analytics';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { callerAs, createTestApp, type TestApp, type TestUser } from './app';
import { postMultipart } from './images';

/**
 * Helpers for the audience-analytics tests: an app on a clock the test moves (the counting sweeps only when the test
 * settles), episodes with real stored MP3s, media requests as a listener makes them, and what was counted.
 */

export const hourMs = 3600_000;
export const dayMs = 24 * hourMs;

/** A clock the test moves. */
export interface TestClock {
  ms: number;
  now(): number;
}

export function testClock(startMs = Date.now()): TestClock {
  const clock: TestClock = { ms: startMs, now: () => clock.ms };
  return clock;
}

export interface AnalyticsTestApp extends TestApp {
  clock: TestClock;
  /** Moves the clock to `ms` and lets the listener keys take up the day's salt (as the day's first request would). */
  moveClock(ms: number): Promise<void>;
}

/** A test app whose counting runs only when the test settles it (no sweep timer in between), on a clock the test moves. */
export async function analyticsTestApp(env: Record<string, string> = {}, startMs = Date.now()): Promise<AnalyticsTestApp> {
  const clock = testClock(startMs);
  const test = await createTestApp(env, { clock, analytics: { countingPeriodMs: dayMs, retentionPeriodMs: dayMs } });
  return {
    ...test,
    clock,
    async moveClock(ms: number) {
      clock.ms = ms;
      await test.app.services.listenerKeys.ready();
    },
  };
}

/** An ID3v2.4 tag of exactly `bytes` bytes (its 10-byte header, a TXXX frame, zero padding). */
export function id3Tag(bytes: number): Buffer {
  const tag = Buffer.alloc(bytes);
  const size = bytes - 10;
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  tag[6] = (size >> 21) & 0x7f;
  tag[7] = (size >> 14) & 0x7f;
  tag[8] = (size >> 7) & 0x7f;
  tag[9] = size & 0x7f;
  const text = Buffer.from('\u0003note\u0000counting test', 'latin1');
  tag.write('TXXX', 10, 'latin1');
  tag.writeUInt32BE(text.length, 14);
  text.copy(tag, 20);
  return tag;
}

/** A real MP3 (32 kbit/s: 4,000 bytes a second) of `seconds`, with an ID3v2 tag of `id3Bytes` in front when asked. */
export function episodeAudio(seconds: number, id3Bytes = 0): Buffer {
  const audio = makeMp3Tone({ seconds });
  return id3Bytes ? Buffer.concat([id3Tag(id3Bytes), audio]) : audio;
}

export async function createTitle(app: FastifyInstance, creator: TestUser, fields: Record<string, string> = {}): Promise<{ id: string }> {
  const response = await postMultipart(app, creator.token, '/api/podcast/titles', { name: 'Counted Show', isVideo: 'false', ...fields });
  if (response.statusCode !== 201) throw new Error(`title not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface UploadedEpisode {
  id: string;
  /** `/uploads/<stored name>`. */
  fileUrl: string;
  /** Seconds, as the upload read them. */
  duration: number;
  size: number;
}

/** Uploads an episode with `audio` as its media through the API (stored like any episode's). */
export async function uploadEpisode(app: FastifyInstance, creator: TestUser, titleId: string, audio: Buffer): Promise<UploadedEpisode> {
  const response = await postMultipart(
    app,
    creator.token,
    `/api/podcast/titles/${titleId}/episodes`,
    { name: 'Counted episode', publishDate: '2026-01-05T10:00:00Z' },
    { media: { filename: 'episode.mp3', contentType: 'audio/mpeg', content: audio } },
  );
  if (response.statusCode !== 201) throw new Error(`episode not created: ${response.statusCode} ${response.body}`);
  const episode = response.json() as { id: string; fileUrl: string; duration: number };
  return { ...episode, size: audio.length };
}

/** The IAB threshold of an episode, computed here from the file: its ID3 tag plus one minute at its bitrate, at most the whole file. */
export function thresholdOf(episode: UploadedEpisode, id3Bytes = 0): number {
  return Math.min(episode.size, id3Bytes + Math.ceil((60 * episode.size) / episode.duration));
}

/** Podcast apps and bots, by their User-Agents. */
export const agents = {
  applePodcasts: 'Podcasts/1410.53 CFNetwork/1111 Darwin/19.0.0 (x86_64)',
  overcast: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  antennaPod: 'AntennaPod/3.2.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.4.0',
} as const;

export interface Listener {
  address?: string;
  userAgent?: string;
}

/** One request for a media URL as a listener's app makes it (GET unless told; `range` as `start-end`). */
export function fetchMedia(
  app: FastifyInstance,
  url: string,
  { address = '198.51.100.7', userAgent = agents.applePodcasts }: Listener = {},
  options: { method?: 'GET' | 'HEAD'; range?: string; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = {
    method: options.method ?? 'GET',
    url,
    remoteAddress: address,
    headers: { 'user-agent': userAgent, ...(options.range && { range: `bytes=${options.range}` }), ...options.headers },
  };
  return app.inject(request);
}

/** Writes what the media routes buffered and runs the counting sweep, as the analytics API does before it reads. */
export function settle(app: FastifyInstance): Promise<void> {
  return app.services.analytics.settle();
}

/** The episode's listener windows, oldest first (counted or not). */
export function windowsOf(app: FastifyInstance, episodeId: string) {
  return app.services.db
    .select()
    .from(listenerWindows)
    .where(and(eq(listenerWindows.itemKind, 'episode'), eq(listenerWindows.itemId, episodeId)))
    .orderBy(asc(listenerWindows.startedAt));
}

/** When each of the episode's counted downloads counted (bots included), oldest first. */
export async function countedAtOf(app: FastifyInstance, episodeId: string): Promise<string[]> {
  return (await windowsOf(app, episodeId)).flatMap((window) => (window.countedAt ? [window.countedAt] : []));
}

/** What the creator's dashboard shows for the episode (`analytics.downloads`, 100 days either side of now). */
export async function downloadsOf(app: FastifyInstance, creator: TestUser, episodeId: string, groupBy: 'day' | 'app' = 'day') {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const api = await callerAs(app, creator.token);
  return api.analytics.downloads({ from: day(Date.now() - 100 * dayMs), to: day(Date.now() + 100 * dayMs), episodeId, groupBy });
}
