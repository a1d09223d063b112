/**
 * What a guest who lands on a missing event, episode or podcast reads (the web's not-found page and the server's 404
 * answer both): where to go next, never the dashboard. No imports, so the web's error page can use it as it is.
 */
export const notFoundTexts = {
  event: { title: 'Event not found', detail: 'This event does not exist, or it was removed.' },
  episode: { title: 'Episode not found', detail: 'This episode does not exist or is not published yet.' },
  podcast: { title: 'Podcast not found', detail: 'This podcast does not exist, or it was removed.' },
  page: { title: 'Page not found', detail: 'Sorry but we could not find the page you are looking for' },
  /** The link to the creator's page (`/c/{tag}`), when the creator exists. */
  creatorLink: (displayName: string) => `Visit ${displayName}'s page`,
  /** The link to the site's home page (`/`). */
  homeLink: 'Go to the home page',
} as const;

export type MissingKind = 'event' | 'episode' | 'podcast';
