import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { sourceLocale, supportedLocales } from './common/locales';
import { catalogAreas } from './web/src/lib/i18n/catalog-areas';

/**
 * The web app's message catalogs (PO files, ICU MessageFormat inside, the English source text as the id). `pseudo`
 * is the pseudo-locale of the browser tests: every message wrapped and lengthened, never in the language menu.
 */
export default defineConfig({
  locales: [...supportedLocales, 'pseudo'],
  sourceLocale,
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: sourceLocale },
  format: formatter({ lineNumbers: false }),
  catalogs: catalogAreas.map((area) => ({
    path: `<rootDir>/web/src/locales/{locale}/${area.name}`,
    include: area.include.map((path) => `<rootDir>/${path}`),
    exclude: (area.exclude ?? []).map((path) => `<rootDir>/${path}`),
  })),
});
