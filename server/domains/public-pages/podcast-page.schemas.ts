import { z } from 'zod';

export const podcastPageMessages = {
  notFound: 'Podcast not found',
  membersOnly: 'Members only',
} as const;

/** The most episodes the podcast page lists (newest first). */
export const podcastPageEpisodeLimit = 200;

const id = z.string().trim().min(1).max(64);

/** `/podcasts/{tag}/{titleId}`: the creator's tag (any case) and the title. */
export const podcastPageInput = z.strictObject({ tag: z.string().trim().min(1).max(64), titleId: id });
export type PodcastPageInput = z.infer<typeof podcastPageInput>;

/**
 * One published episode on the podcast page. Whoever may play it (anyone for a title open to everyone, a member whose
 * tier includes a members-only title) gets its media; everyone else gets its name and date alone (`fileUrl`,
 * `mimeType`, `imageUrl`, `duration` null, `description` empty): no address of any of its files.
 */
export const podcastPageEpisode = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  publishDate: z.string(),
  duration: z.number().int().nullable(),
  fileUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The episode's own page (`/video/{id}`) for a title open to everyone; null for a members-only title. */
  pagePath: z.string().nullable(),
});
export type PodcastPageEpisode = z.infer<typeof podcastPageEpisode>;

/**
 * The podcast page: the title, its creator, how the caller may listen (`public`: anyone; `member`: the caller's
 * membership includes this members-only title; `locked`: members-only and the caller is not such a member), the feed
 * to subscribe to (the public RSS feed, or the member's private feed; none when locked), the tiers that include a
 * members-only title, and the published episodes, newest first.
 */
export const podcastPageOutput = z.object({
  creator: z.object({ id: z.string(), tag: z.string(), displayName: z.string(), imageUrl: z.string().nullable() }),
  title: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    isVideo: z.boolean(),
    explicit: z.boolean(),
    category: z.string(),
    membersOnly: z.boolean(),
    /** `/podcasts/{tag}/{titleId}`. */
    pagePath: z.string(),
  }),
  access: z.enum(['public', 'member', 'locked']),
  /** The public RSS feed (titles open to everyone) or the member's own private feed (absolute); null when locked. */
  feedUrl: z.string().nullable(),
  /** The active tiers whose members hear a members-only title, cheapest first (empty for a title open to everyone). */
  tiers: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number().int() })),
  episodes: z.array(podcastPageEpisode),
});
export type PodcastPageOutput = z.infer<typeof podcastPageOutput>;
