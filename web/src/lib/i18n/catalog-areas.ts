/**
 * The web app's message catalogs as translators get them, each a PO file per locale (web/src/locales/{locale}/
 * {name}.po): `messages` for the app frame, shared components and sign-in pages, `pages` for the feature pages.
 * What a browser loads is split finer, like the code: a build gives each chunk the messages its modules use
 * (web/vite-chunk-catalogs.ts). lingui.config.ts, scripts/i18n-check.ts and the dev server's loader read this list.
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
