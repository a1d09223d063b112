/**
 * The words a podcast feed says itself (the titles, descriptions and episodes are the creator's and stay as written),
 * in the creator's stored language (`users.locale`, else English): ICU templates of the server catalogs. The private
 * feed notices' titles are podcastMessages.membershipEndedTitle and feedReplacedTitle.
 */
export const podcastFeedMessages = {
  funding: 'Support {author} with a tip',
  /** podcastMessages.membershipEnded as a template. */
  membershipEnded:
    'Your membership of {creatorName} has ended, so new episodes no longer arrive in this feed. Renew your membership at {page} to keep listening.',
  /** podcastMessages.feedReplaced as a template. */
  feedReplaced:
    'This private feed address was reset and no longer works. Find your new private feed address under My memberships at {page} and add it to your podcast app.',
} as const;
