import { z } from 'zod';
import { eventOutput } from '@server/domains/events/events.schemas';
import { publicEpisode } from '@server/domains/podcasts/podcasts.schemas';

export const publicPagesMessages = {
  creatorNotFound: 'Creator not found',
} as const;

/** How many upcoming events and latest episodes the creator page shows. */
export const creatorPageLimits = { events: 20, episodes: 12 } as const;

export const creatorPageInput = z.strictObject({ tag: z.string().trim().min(1).max(64) });

/**
 * What `/c/{tag}` shows besides the tiers (`memberships.tiers({ creatorId })`): the creator, their upcoming events
 * (active, not ended yet, soonest first; no stream locations) and latest published episodes of titles open to everyone.
 */
export const creatorPageOutput = z.object({
  creator: z.object({
    id: z.string(),
    /** The creator tag: `/c/{tag}`, `/events/{tag}`, `/m/{tag}/`. */
    tag: z.string(),
    displayName: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
  }),
  upcomingEvents: z.array(eventOutput),
  latestEpisodes: z.array(publicEpisode),
  /** The creator's podcasts (members-only ones too, marked), newest first: each links to its page `/podcasts/{tag}/{id}`. */
  podcasts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      imageUrl: z.string().nullable(),
      membersOnly: z.boolean(),
      /** Published episodes. */
      episodeCount: z.number().int(),
      pagePath: z.string(),
    }),
  ),
});
export type CreatorPageOutput = z.infer<typeof creatorPageOutput>;

/** Where a missing event, episode or podcast page leads: `tag` from its address, or `id` (an episode's). */
export const missingPageInput = z.strictObject({
  kind: z.enum(['event', 'episode', 'podcast']),
  tag: z.string().trim().min(1).max(64).optional(),
  id: z.string().trim().min(1).max(64).optional(),
});
export type MissingPageInput = z.infer<typeof missingPageInput>;

/** The creator whose page a missing page links to, when the creator exists (active, with a public page). */
export const missingPageOutput = z.object({
  creator: z.object({ tag: z.string(), displayName: z.string(), pagePath: z.string() }).nullable(),
});
export type MissingPageOutput = z.infer<typeof missingPageOutput>;
