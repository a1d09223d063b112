/**
 * The web app's message catalogs, each a PO file per locale (web/src/locales/{locale}/{name}.po). `messages` holds
 * what every page needs (the app frame, shared components, sign-in pages) and loads before the first render;
 * `pages` holds the feature pages' messages and loads with the first page that needs it (web/src/app/router.tsx),
 * so the sign-in pages never fetch it. lingui.config.ts and scripts/i18n-check.ts read this list.
 */
export interface CatalogArea {
  name: 'messages' | 'pages';
  /** Source paths, relative to the repository. */
  include: readonly string[];
  exclude?: readonly string[];
}

const coreFeatures = ['auth', 'shell', 'language'];

export const catalogAreas: readonly CatalogArea[] = [
  {
    name: 'messages',
    include: ['web/src/main.tsx', 'web/src/app', 'web/src/lib', 'web/src/components', ...coreFeatures.map((feature) => `web/src/features/${feature}`)],
  },
  { name: 'pages', include: ['web/src/features'], exclude: coreFeatures.map((feature) => `web/src/features/${feature}/**`) },
];

export type CatalogAreaName = CatalogArea['name'];
