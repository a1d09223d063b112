import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import type { AppConfig } from '@server/config';
import { podcastGuid } from '@server/domains/podcasts/podcast-feed';
import { feedUrl } from '@server/domains/podcasts/podcasts.service';
import { podcastCover } from '@server/domains/podcasts/podcasts.schemas';
import { newId } from '@server/lib/ids';
import { makeMp3Tone, mp3ToneFormat, mp3ToneFrames } from '@server/lib/mp3-tone';
import type { Storage } from '@server/platform/storage';

interface SeedTitle {
  creatorEmail: string;
  host: string;
  name: string;
  description: string;
  /** BCP 47, written into the feed's `<language>`. */
  language: string;
  /** An Apple Podcasts category (`Category > Subcategory` for a subcategory). */
  category: string;
  /** The transcripts' format: WebVTT or SubRip, so both kinds are seeded. */
  transcript: 'vtt' | 'srt';
  /** `itunes:type`: a serial show numbers every episode. */
  itunesType: 'episodic' | 'serial';
  colors: [string, string];
  episodes: Array<{ name: string; description: string; seconds: number; frequencyHz: number; daysAgo: number; season?: number; episode?: number }>;
}

const seedTitles: SeedTitle[] = [
  {
    creatorEmail: 'mara@cuepoint.local',
    host: 'Mara',
    language: 'en',
    category: 'Music > Music Commentary',
    transcript: 'vtt',
    itunesType: 'episodic',
    name: 'Records Behind the Set',
    description: 'Every week Mara digs into the records that made the last set: where they came from and why they work at 2 a.m.',
    colors: ['#f97316', '#7c2d12'],
    episodes: [
      // The back catalogue: a few older episodes, so the 90-day numbers reach further than the 30-day ones.
      { name: 'Crate digging 101', description: 'Record shops, fairs and the bargain bins nobody checks: where the set starts.', seconds: 9, frequencyHz: 294, daysAgo: 84 },
      { name: 'The long blend', description: 'Two records, one tempo, three minutes: how a slow transition holds a room.', seconds: 11, frequencyHz: 349, daysAgo: 56 },
      { name: 'The 2 a.m. record', description: 'The one track that turns a tired floor around, and why it works.', seconds: 7, frequencyHz: 262, daysAgo: 35 },
      { name: 'Warm-up tones', description: 'A short sound check before the season starts.', seconds: 8, frequencyHz: 330, daysAgo: 21 },
      { name: 'The A440 episode', description: 'Tuning up: why the reference pitch matters for mixing.', seconds: 12, frequencyHz: 440, daysAgo: 14, season: 1, episode: 1 },
      { name: 'Low end theory', description: 'Sub-bass, room modes and the kick that ate the dance floor.', seconds: 10, frequencyHz: 220, daysAgo: 7, season: 1, episode: 2 },
    ],
  },
  {
    creatorEmail: 'tobin@cuepoint.local',
    host: 'Tobin',
    language: 'en-CA',
    category: 'Music > Music Interviews',
    transcript: 'srt',
    itunesType: 'serial',
    name: 'Independent Voices',
    description: 'Interviews with independent musicians about writing, touring and getting paid, recorded between the live streams.',
    colors: ['#0ea5e9', '#1e3a8a'],
    episodes: [
      // Season one, the back catalogue.
      { name: 'First takes', description: 'Why record the conversations between the live streams at all.', seconds: 8, frequencyHz: 311, daysAgo: 84, season: 1, episode: 1 },
      { name: 'On the road', description: 'Vans, couches and merch tables: touring on an independent budget.', seconds: 10, frequencyHz: 370, daysAgo: 56, season: 1, episode: 2 },
      { name: 'Getting paid', description: 'Streams, tips and memberships: where the money actually comes from.', seconds: 7, frequencyHz: 415, daysAgo: 35, season: 1, episode: 3 },
      { name: 'Soundcheck', description: 'The microphone test that opened season two.', seconds: 6, frequencyHz: 523, daysAgo: 12, season: 2, episode: 1 },
      { name: 'Pilot', description: 'What the new season is about and who is coming next.', seconds: 9, frequencyHz: 392, daysAgo: 5, season: 2, episode: 2 },
    ],
  },
];

/**
 * A square cover Apple Podcasts takes (the smallest size it allows, RGB without alpha): a gradient with the title's
 * initial, rendered by sharp from SVG.
 */
export async function seedCoverPng(title: Pick<SeedTitle, 'colors' | 'name'>): Promise<Buffer> {
  const [from, to] = title.colors;
  const size = podcastCover.minPixels;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="300" cy="300" r="170" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="24"/>
  <text x="300" y="360" font-family="sans-serif" font-size="200" font-weight="700" fill="#ffffff" text-anchor="middle">${title.name.charAt(0)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: to }).png({ compressionLevel: 9 }).toBuffer();
}

/** Three parts per episode: where its chapters start and what its transcript says in each (whole seconds). */
function episodeParts(title: SeedTitle, episode: SeedTitle['episodes'][number], seconds: number) {
  const at = (part: number) => Math.floor((seconds * part) / 3);
  return [
    { start: at(0), end: at(1), title: 'Welcome', text: `Welcome to ${title.name}. I'm ${title.host}.` },
    { start: at(1), end: at(2), title: episode.name, text: episode.description },
    { start: at(2), end: seconds, title: 'Thanks for listening', text: `That's all for "${episode.name}". Thanks for listening, see you at the next live stream.` },
  ];
}

function timestamp(totalSeconds: number, decimal: '.' | ','): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}${decimal}000`;
}

/** The episode's transcript as WebVTT or SubRip (the two kinds the upload path accepts). */
export function seedTranscript(format: 'vtt' | 'srt', parts: Array<{ start: number; end: number; text: string }>): string {
  if (format === 'vtt') {
    // WebVTT cue text is markup: `&`, `<` and `>` are written as entities.
    const cueText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return ['WEBVTT', '', ...parts.flatMap((part) => [`${timestamp(part.start, '.')} --> ${timestamp(part.end, '.')}`, cueText(part.text), ''])].join('\n');
  }
  return parts.flatMap((part, index) => [String(index + 1), `${timestamp(part.start, ',')} --> ${timestamp(part.end, ',')}`, part.text, '']).join('\n');
}

/** Podcasting 2.0 JSON chapters (github.com/Podcastindex-org/podcast-namespace/blob/main/docs/examples/chapters/jsonChapters.md). */
export function seedChapters(parts: Array<{ start: number; title: string }>): string {
  return `${JSON.stringify({ version: '1.2.0', chapters: parts.map((part) => ({ startTime: part.start, title: part.title })) }, null, 2)}\n`;
}

/**
 * Gives each demo creator a podcast title with a few short episodes (the newest 5 to 21 days old, a back catalogue of
 * 35 to 84 days): real MP3 audio (a steady tone), a transcript and chapters generated here, so /video/{id} plays, shows
 * its transcript and seeks by chapter on a fresh start. Creators who already have a title are left alone.
 */
export async function seedPodcasts(db: Db, config: AppConfig, storage: Storage): Promise<void> {
  const creators = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, seedTitles.map((title) => title.creatorEmail)));
  for (const title of seedTitles) {
    const creator = creators.find((row) => row.email === title.creatorEmail);
    if (!creator || (await firstRow(db.select({ id: podcastTitles.id }).from(podcastTitles).where(eq(podcastTitles.userId, creator.id)).limit(1)))) continue;

    const coverName = `${newId(16)}.png`;
    await storage.put(`uploads/${coverName}`, await seedCoverPng(title));
    const episodes = await Promise.all(
      title.episodes.map(async (episode) => {
        const audio = makeMp3Tone({ seconds: episode.seconds, frequencyHz: episode.frequencyHz });
        const fileName = `${newId(16)}.mp3`;
        await storage.put(`uploads/${fileName}`, audio);
        const seconds = Math.round((mp3ToneFrames(episode.seconds) * mp3ToneFormat.samplesPerFrame) / mp3ToneFormat.sampleRate);
        const parts = episodeParts(title, episode, seconds);
        const transcriptName = `${newId(16)}.${title.transcript}`;
        await storage.put(`uploads/${transcriptName}`, seedTranscript(title.transcript, parts));
        const chaptersName = `${newId(16)}.json`;
        await storage.put(`uploads/${chaptersName}`, seedChapters(parts));
        return { ...episode, fileName, bytes: audio.length, seconds, transcriptName, chaptersName };
      }),
    );
    const titleId = newId();
    await db.transaction(async (tx) => {
      await tx
        .insert(podcastTitles)
        .values({
          id: titleId,
          userId: creator.id,
          name: title.name,
          description: title.description,
          language: title.language,
          category: title.category,
          itunesType: title.itunesType,
          podcastGuid: podcastGuid(feedUrl(config, titleId)),
          imageUrl: `/uploads/${coverName}`,
        });
      await tx
        .insert(podcastEpisodes)
        .values(
          episodes.map((episode) => ({
            id: newId(),
            podcastTitleId: titleId,
            userId: creator.id,
            name: episode.name,
            description: episode.description,
            mediaUrl: `/uploads/${episode.fileName}`,
            mediaType: 'audio/mpeg',
            mediaBytes: episode.bytes,
            durationSeconds: episode.seconds,
            transcriptUrl: `/uploads/${episode.transcriptName}`,
            transcriptType: title.transcript === 'vtt' ? 'text/vtt' : 'application/x-subrip',
            chaptersUrl: `/uploads/${episode.chaptersName}`,
            seasonNumber: episode.season ?? null,
            episodeNumber: episode.episode ?? null,
            publishDate: new Date(Date.now() - episode.daysAgo * 24 * 3600 * 1000).toISOString(),
          })),
        );
    });
  }
}
