/**
 * The words the server writes itself into a public page's head (the records' names, descriptions and the site name
 * are the creators' and the admin's, and stay as written): ICU templates in the visitor's language (Accept-Language;
 * a page load carries no account). Their English rendering is the head as it always was.
 */
export const pageHeadMessages = {
  eventLiveOn: '{creatorName} live on {siteName}: {when}.',
  eventTimeTba: 'time to be announced',
  creatorDescription: 'Live events, episodes and notifications from {creatorName} on {siteName}.',
  episodeDescription: '{podcastTitle} by {creatorName} on {siteName}.',
  creatorPageTitle: '{creatorName} on {siteName}',
  creatorPageDescription: 'Memberships, live events and episodes from {creatorName} on {siteName}: support them monthly and get the perks.',
  podcastDescription: '{podcastTitle}, a podcast by {creatorName} on {siteName}.',
  membersOnlyPodcastDescription: '{podcastTitle}, a members-only podcast by {creatorName} on {siteName}.',
  plansTitle: 'Plans and pricing',
  plansName: '{siteName} plans and pricing',
  plansDescription: 'Live streams, podcasts and tips for creators on {siteName}.',
  plansPrices: 'Plans: {prices}.',
  productPrice: '{product} {price}/month',
  /** notFoundTexts.creatorLink as a template. */
  creatorLink: "Visit {displayName}'s page",
} as const;
