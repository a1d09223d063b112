/**
 * The words a creator's app (`/m/{tag}/`) writes itself, in the visitor's language (Accept-Language; a page load
 * carries no account): ICU templates whose English rendering is the page as it always was. The creator's own words
 * (app name, event names, episode titles) stay as written.
 */
export const appPageMessages = {
  tagline: 'Live events and episodes',
  description: '{creatorName} on Cuepoint',
  poweredBy: 'Powered by Cuepoint',
  eventsHeading: 'Events',
  noEvents: 'No upcoming events right now. Turn on notifications to hear when {creatorName} goes live.',
  timeTba: 'Time to be announced',
  nextUp: 'Next up',
  badgeLive: 'LIVE',
  badgeStartingSoon: 'Starting soon',
  badgeEnded: 'Ended',
  badgeStreamingFrom: 'Streaming from {provider}',
  embeddedPlayer: 'an embedded player',
  watchNow: 'Watch now',
  openEvent: 'Open event',
  latestEpisodes: 'Latest episodes',
  notificationsHeading: 'Notifications',
  notifyPitch: 'Get a notification when {creatorName} goes live or posts news.',
  offlineTitle: '{appName} (offline)',
  offlineHeading: "You're offline",
  offlineDetail: '{appName} needs a connection to show live events and episodes. Check your connection and try again.',
  tryAgain: 'Try again',
  notFoundTitle: 'App not found',
  notFoundDetail: 'There is no creator app at this address.',
  goHome: 'Go to Cuepoint',
  manifestDescription: '{creatorName} on Cuepoint: live events, episodes and notifications.',
} as const;

/**
 * What the "Notify me" script (public/notify-me.js) shows: the app page writes them into itself as JSON
 * (the body's `data-notify-texts`) in the page's language; the script's own copy is this English.
 */
export const notifyMeTexts = {
  labels: {
    unsupported: 'Notifications unavailable',
    registering: 'Notify me',
    off: 'Notify me',
    on: 'Notifications on',
    busy: 'Please wait…',
    blocked: 'Notifications blocked',
    error: 'Notify me',
  },
  unsupported: 'This browser cannot receive notifications.',
  blocked: 'Notifications are blocked for this site in your browser settings.',
  installFailed: 'The app could not be installed in this browser',
  subscribeFailed: 'Your browser could not set up notifications. Please try again later.',
  failed: 'Notifications could not be turned on.',
  unexpected: 'Unexpected error. Please try again.',
} as const;

export type NotifyMeTexts = { labels: Record<keyof typeof notifyMeTexts.labels, string> } & Record<Exclude<keyof typeof notifyMeTexts, 'labels'>, string>;

/** The notify texts as one flat group of the server catalogs. */
const { labels: notifyLabelTexts, ...notifyMessageTexts } = notifyMeTexts;
export const notifyMeMessages: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(notifyLabelTexts).map(([state, text]) => [`label.${state}`, text])),
  ...notifyMessageTexts,
};
