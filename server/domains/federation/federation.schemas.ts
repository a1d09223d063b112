import { z } from 'zod';

export const federationMessages = {
  notEnabled: 'The Fediverse is switched off on this server',
  noCreatorPage: 'Your account has no creator page',
  followerNotFound: 'No such follower',
  notPending: 'This follower is not waiting for approval',
  blockNotFound: 'No such block',
  invalidDomain: 'Enter a domain name such as mastodon.social',
  invalidActor: 'Enter the actor URL (https://...)',
  commentNotFound: 'No such comment',
  episodeNotFound: 'Episode not found',
} as const;

/**
 * The code of the "switched off" answer (tRPC `data.reason`, REST `reason`): the web app recognises it by this,
 * whatever the language of its text.
 */
export const federationOffReason = 'federation-off';

/** A host name as blocks store it: lower case, no scheme, path or port-less trailing dot. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, federationMessages.invalidDomain);

export const actorUrl = z.string().trim().max(2000).url(federationMessages.invalidActor).refine((value) => /^https?:\/\//.test(value), federationMessages.invalidActor);

export const blockInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('actor'), value: actorUrl }),
  z.strictObject({ kind: z.literal('domain'), value: domainName }),
]);
export type BlockInput = z.infer<typeof blockInput>;

export const followerIdInput = z.strictObject({ followerId: z.string().min(1).max(64) });
export const blockIdInput = z.strictObject({ blockId: z.string().min(1).max(64) });

export const hashtag = z
  .string()
  .trim()
  .transform((value) => value.replace(/^#/, ''))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,64}$/u, 'A hashtag is letters, digits and underscores'));

export const settingsInput = z.strictObject({
  approveFollowers: z.boolean().optional(),
  publish: z.boolean().optional(),
  hashtags: z.array(hashtag).max(10).optional(),
});
export type SettingsInput = z.infer<typeof settingsInput>;

export const settingsOutput = z.object({
  /** `@tag@host`. */
  handle: z.string(),
  approveFollowers: z.boolean(),
  publish: z.boolean(),
  hashtags: z.array(z.string()),
});
export type SettingsOutput = z.infer<typeof settingsOutput>;

export const followerOutput = z.object({
  id: z.string(),
  actorId: z.string(),
  handle: z.string(),
  status: z.enum(['pending', 'accepted']),
  createdAt: z.string(),
});
export type FollowerOutput = z.infer<typeof followerOutput>;

export const blockOutput = z.object({ id: z.string(), kind: z.enum(['actor', 'domain']), value: z.string(), createdAt: z.string() });
export type BlockOutput = z.infer<typeof blockOutput>;

export const followersOutput = z.object({
  followers: z.array(followerOutput),
  /** Accepted followers. */
  count: z.number().int(),
  pending: z.number().int(),
  blocks: z.array(blockOutput),
});
export type FollowersOutput = z.infer<typeof followersOutput>;

export const postOutput = z.object({
  id: z.string(),
  kind: z.enum(['event', 'live', 'episode', 'replay']),
  /** The event's or episode's id. */
  subjectId: z.string(),
  title: z.string(),
  /** The page the post links to (the event or episode page). */
  url: z.string(),
  publishedAt: z.string(),
  /** A premium or members-only subject, announced without its media. */
  teaser: z.boolean(),
  likes: z.number().int(),
  boosts: z.number().int(),
  replies: z.number().int(),
  deletedAt: z.string().nullable(),
});
export type PostOutput = z.infer<typeof postOutput>;

/** The creator's recent posts, latest first (at most 50). */
export const postsOutput = z.object({ posts: z.array(postOutput) });
export type PostsOutput = z.infer<typeof postsOutput>;

export const commentIdInput = z.strictObject({ commentId: z.string().min(1).max(64) });
export const episodeCommentsInput = z.strictObject({ episodeId: z.string().trim().min(1).max(64) });

/** A Fediverse reply to an episode's or replay's note, as anyone reads it once approved. */
export const publicCommentOutput = z.object({
  id: z.string(),
  episodeId: z.string(),
  /** Plain text. */
  content: z.string(),
  /** The remote note. */
  url: z.string(),
  createdAt: z.string(),
  /** `url`: the author's profile page (its actor id when it names none). */
  author: z.object({ actorId: z.string(), handle: z.string(), name: z.string(), avatarUrl: z.string().nullable(), url: z.string() }),
});
export type PublicCommentOutput = z.infer<typeof publicCommentOutput>;

/** A comment as the creator moderates it: with the name of the episode it answers. */
export const commentOutput = publicCommentOutput.extend({ status: z.enum(['pending', 'approved', 'rejected']), episodeName: z.string() });
export type CommentOutput = z.infer<typeof commentOutput>;
export const commentDecisionOutput = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
