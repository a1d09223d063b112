/** Plain values shared by db/schema/mobile-app.ts, the zod schemas and the web; no imports. */
export const mobileAppStartPages = ['home', 'event', 'latest-episode'] as const;
export type MobileAppStartPage = (typeof mobileAppStartPages)[number];

/** Cuepoint's brand orange: the default theme colour of every creator's app. */
export const brandOrange = '#f97316';
export const defaultBackgroundColor = '#ffffff';
