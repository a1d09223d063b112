import { z } from 'zod';
import { categorySeparator, defaultPodcastLanguage, podcastCategoryValues } from './podcast-categories';

export {
  applePodcastCategories,
  commonPodcastLanguages,
  defaultPodcastLanguage,
  podcastCategoryValues,
  splitCategory,
} from './podcast-categories';

/** Texts the podcasts screens and the REST answers share. */
export const podcastMessages = {
  titleNotFound: 'Podcast title not found',
  episodeNotFound: 'Episode not found',
  creatorNotFound: 'Creator not found',
  mediaRequired: 'Please upload the episode media (MP3, M4A/AAC, MP4 or WebM)',
  uploadMissing: 'The uploaded file was not found: please upload it again',
  invalidDate: 'Please enter a valid publish date',
  min1: 'Min character length is 1',
  tooLong: 'This value is too long',
  language: 'Please enter a language code such as "en" or "fr-CA"',
  category: 'Please choose an Apple Podcasts category, such as "Music" or "Music > Music Interviews"',
  contactEmail: 'Please enter a valid email, or leave it empty to use your account email',
  itunesType: 'Please choose "episodic" or "serial"',
  seasonNumber: 'Please enter a season number of 1 or more, or leave it empty',
  episodeNumber: 'Please enter an episode number of 1 or more, or leave it empty',
  serialNeedsNumber: 'Every episode of a serial podcast needs an episode number',
  serialUnnumbered: 'Every episode of a serial podcast needs an episode number: give each episode one before making the podcast serial',
  /** The one item of a private feed a lapsed member's podcast app shows (its text: podcasts.messages.ts). */
  membershipEndedTitle: 'Your membership has ended',
  /** The one item of a private feed URL the member replaced (reset; its text: podcasts.messages.ts). */
  feedReplacedTitle: 'This feed address was replaced',
  /** A member's file URL after the membership ended or the feed address was reset (410). */
  memberFileEnded: 'Your membership has ended: renew it to keep listening',
  memberFileReplaced: 'This private feed address was reset: use the new one from My memberships',
  /** Apple Podcasts' artwork rule, shown beside the cover pickers and in every refusal. */
  cover: 'Podcast covers must be square, 1400–3000 px, JPEG or PNG, in RGB colour, at most 2 MB',
} as const;

/** Apple Podcasts' artwork limits (podcasters.apple.com/support/896-artwork-requirements). */
export const podcastCover = { minPixels: 1400, maxPixels: 3000 } as const;

export const itunesTypes = ['episodic', 'serial'] as const;
export type ItunesType = (typeof itunesTypes)[number];

/** The related-episodes request of the spec asks for 20 (platform.md §9). */
export const relatedEpisodesCount = 20;
export const maxPublicEpisodes = 50;

const id = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1, podcastMessages.min1).max(120, podcastMessages.tooLong);
const description = z.string().trim().max(4000, podcastMessages.tooLong);
const categoryByLowerCase = new Map(podcastCategoryValues.map((value) => [value.toLowerCase(), value]));
/** One of Apple's categories, or `Category > Subcategory`; matched ignoring case and spacing around `>`, stored as Apple spells it. */
export const podcastCategory = z
  .string()
  .trim()
  .max(80, podcastMessages.tooLong)
  .transform((value, ctx) => {
    const found = categoryByLowerCase.get(value.replace(/\s*>\s*/g, categorySeparator).replace(/\s+/g, ' ').toLowerCase());
    if (!found) {
      ctx.addIssue({ code: 'custom', message: podcastMessages.category });
      return z.NEVER;
    }
    return found;
  });

/** A BCP 47 language tag as feeds use it: a language, an optional script and an optional region (`en`, `fr-CA`, `zh-Hant`). */
const languagePattern = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?$/i;
export const podcastLanguage = z
  .string()
  .trim()
  .max(20, podcastMessages.language)
  .transform((value, ctx) => {
    let canonical: string | undefined;
    try {
      if (languagePattern.test(value)) canonical = Intl.getCanonicalLocales(value)[0];
    } catch {
      canonical = undefined;
    }
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: podcastMessages.language });
      return z.NEVER;
    }
    return canonical;
  });
/** `itunes:owner`'s email: a valid address, or empty for none (the creator's account email is used then). */
export const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, podcastMessages.contactEmail)
  .refine((value) => value === '' || z.email().safeParse(value).success, podcastMessages.contactEmail)
  .transform((value) => value || null);
export const itunesType = z.enum(itunesTypes, { error: podcastMessages.itunesType });
/** `itunes:season` / `itunes:episode`: a positive whole number; null clears it. */
const positiveNumber = (message: string) => z.number({ error: message }).int(message).min(1, message).max(999_999, message).nullable();
export const seasonNumber = positiveNumber(podcastMessages.seasonNumber);
export const episodeNumber = positiveNumber(podcastMessages.episodeNumber);

/** Any date the browser or a script sends (ISO, `YYYY-MM-DD`, `datetime-local`), stored as UTC ISO. */
export const publishDate = z
  .string()
  .trim()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), podcastMessages.invalidDate)
  .transform((value) => new Date(value).toISOString());

export const titleIdInput = z.strictObject({ id });
export const episodeIdInput = z.strictObject({ id });
export const titleEpisodesInput = z.strictObject({ podcastTitleId: id });

export const createTitleInput = z.strictObject({
  name,
  description: description.default(''),
  isVideo: z.boolean().default(false),
  explicit: z.boolean().default(false),
  category: podcastCategory.default('Music'),
  language: podcastLanguage.default(defaultPodcastLanguage),
  contactEmail: contactEmail.optional(),
  itunesType: itunesType.default('episodic'),
  /** Only members of a tier that includes it hear it (their private feeds): no public feed, listing or media URL. */
  membersOnly: z.boolean().default(false),
  imageUploadId: id.optional(),
});
/** The parsed input; `language`, `itunesType` and `membersOnly` may be left out by code that calls the service directly. */
export type CreateTitleInput = Omit<z.infer<typeof createTitleInput>, 'language' | 'itunesType' | 'membersOnly'> & {
  language?: string;
  itunesType?: ItunesType;
  membersOnly?: boolean;
};

export const updateTitleInput = z.strictObject({
  id,
  name: name.optional(),
  description: description.optional(),
  isVideo: z.boolean().optional(),
  explicit: z.boolean().optional(),
  category: podcastCategory.optional(),
  language: podcastLanguage.optional(),
  contactEmail: contactEmail.optional(),
  itunesType: itunesType.optional(),
  membersOnly: z.boolean().optional(),
  imageUploadId: id.optional(),
  removeImage: z.boolean().optional(),
});
export type UpdateTitleInput = z.infer<typeof updateTitleInput>;

export const createEpisodeInput = z.strictObject({
  podcastTitleId: id,
  name,
  description: description.default(''),
  publishDate: publishDate.optional(),
  seasonNumber: seasonNumber.optional(),
  episodeNumber: episodeNumber.optional(),
  mediaUploadId: id,
  imageUploadId: id.optional(),
  transcriptUploadId: id.optional(),
  chaptersUploadId: id.optional(),
  /** Posted on the Fediverse when the creator publishes there (false: this episode is not). */
  fediverse: z.boolean().default(true),
});
export type CreateEpisodeInput = z.infer<typeof createEpisodeInput>;

export const updateEpisodeInput = z.strictObject({
  id,
  name: name.optional(),
  description: description.optional(),
  publishDate: publishDate.optional(),
  seasonNumber: seasonNumber.optional(),
  episodeNumber: episodeNumber.optional(),
  mediaUploadId: id.optional(),
  imageUploadId: id.optional(),
  removeImage: z.boolean().optional(),
  transcriptUploadId: id.optional(),
  removeTranscript: z.boolean().optional(),
  chaptersUploadId: id.optional(),
  removeChapters: z.boolean().optional(),
  fediverse: z.boolean().optional(),
});
export type UpdateEpisodeInput = z.infer<typeof updateEpisodeInput>;

/** A member's private feed: the title and the member's feed token (the secret in their feed URL). */
export const memberFeedInput = z.strictObject({ id, token: z.string().max(512) });

/**
 * A private feed as the podcast app gets it: `open` (the title's feed, media at the member's URLs), or `lapsed` /
 * `revoked`, a one-item feed saying why it stopped and what to do (served with 410 Gone).
 */
export const memberFeedOutput = z.object({ state: z.enum(['open', 'lapsed', 'revoked']), xml: z.string() });
export type MemberFeedOutput = z.infer<typeof memberFeedOutput>;

export const publicUserEpisodesInput = z.strictObject({
  userId: id,
  limit: z.number().int().min(1).max(maxPublicEpisodes).default(relatedEpisodesCount),
  /** Leave this episode out (the one being played). */
  excludeEpisodeId: id.optional(),
});

/** A podcast title as its owner manages it. */
export const podcastTitle = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isVideo: z.boolean(),
  explicit: z.boolean(),
  category: z.string(),
  language: z.string(),
  /** `itunes:owner`'s email when set; null means the creator's account email is used. */
  contactEmail: z.string().nullable(),
  itunesType: z.enum(itunesTypes),
  /** Only members hear it (through their private feeds); the episodes' files are then served signed to the owner. */
  membersOnly: z.boolean(),
  /** `podcast:guid`: fixed when the title was created, kept when the site's address changes. */
  podcastGuid: z.string(),
  episodeCount: z.number().int(),
  feedUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PodcastTitle = z.infer<typeof podcastTitle>;

/** An episode as its owner manages it. */
export const podcastEpisode = z.object({
  id: z.string(),
  podcastTitleId: z.string(),
  name: z.string(),
  description: z.string(),
  fileUrl: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  duration: z.number().int(),
  imageUrl: z.string().nullable(),
  transcriptUrl: z.string().nullable(),
  chaptersUrl: z.string().nullable(),
  publishDate: z.string(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  isPublished: z.boolean(),
  /** Posted on the Fediverse when the creator publishes there. */
  fediverse: z.boolean(),
});
export type PodcastEpisode = z.infer<typeof podcastEpisode>;

/** Podcast title (public, with user) — platform.md §3. */
export const publicPodcastTitle = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  userName: z.string(),
  userId: z.string(),
  isVideo: z.boolean(),
  feedUrl: z.string(),
});
export type PublicPodcastTitle = z.infer<typeof publicPodcastTitle>;

/**
 * Episode (public) — platform.md §3: id, name, fileUrl, duration (seconds), podcastTitleId, imageUrl (the episode's
 * cover, else the title's) and podcastTitle (the title's name), plus what a player page shows about it.
 */
export const publicEpisode = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  fileUrl: z.string(),
  mimeType: z.string(),
  duration: z.number().int(),
  podcastTitleId: z.string(),
  podcastTitle: z.string(),
  imageUrl: z.string().nullable(),
  isVideo: z.boolean(),
  userId: z.string(),
  userName: z.string(),
  publishDate: z.string(),
  /** The episode's WebVTT or SRT transcript and its type, or null. */
  transcriptUrl: z.string().nullable(),
  transcriptType: z.string().nullable(),
  /** The episode's Podcasting 2.0 JSON chapters, or null. */
  chaptersUrl: z.string().nullable(),
  /** The title's RSS feed (absolute), for the player page's subscribe row. */
  feedUrl: z.string(),
  /** `/events/{creatorTag}`, or null for a creator without a tag. */
  eventPagePath: z.string().nullable(),
  /** The podcast's own page `/podcasts/{creatorTag}/{podcastTitleId}`, or null for a creator without a tag. */
  podcastPagePath: z.string().nullable(),
});
export type PublicEpisode = z.infer<typeof publicEpisode>;

/** `HH:MM:SS` from seconds (platform.md §9). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
