/**
 * The server's message catalogs (server/i18n/locales/{locale}.po): every English text the server answers in the
 * domains translated so far, read from the message constants their code uses (server/i18n/server-messages.ts).
 *
 *   tsx scripts/i18n-server-extract.ts           rewrites the catalogs: new messages added untranslated, gone ones dropped
 *   tsx scripts/i18n-server-extract.ts --check   changes nothing; exits 1 when a catalog is out of date or untranslated
 *   tsx scripts/i18n-server-extract.ts --merge batch.json [more.json …]
 *                                                rewrites the catalogs with a translator's batch filled in: JSON
 *                                                `{ "<exact English text>": { "de": "…", "es": "…", …, "sameAsSource"?: ["de"] } }`
 *                                                (a locale in `sameAsSource` gets the `#, same-as-source` flag: its
 *                                                translation is rightly the English text, given or not)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogPath, extractedCatalog } from '@server/i18n/catalog-files';
import { serverMessages } from '@server/i18n/server-messages';
import { catalogText, translatedLocales } from '@server/i18n/translate';

const check = process.argv.includes('--check');
const mergeAt = process.argv.indexOf('--merge');
type Batch = Record<string, Partial<Record<string, string>> & { sameAsSource?: string[] }>;
const batch: Batch = {};
if (mergeAt >= 0) for (const file of process.argv.slice(mergeAt + 1)) Object.assign(batch, JSON.parse(readFileSync(file, 'utf8')) as Batch);
let failed = false;
console.log(`${serverMessages().length} server messages`);
for (const locale of translatedLocales) {
  const path = catalogPath(locale);
  const incoming = new Map(
    Object.entries(batch).flatMap(([id, { sameAsSource, ...translations }]) => {
      const flagged = sameAsSource?.includes(locale) ?? false;
      const msgstr = translations[locale];
      return msgstr || flagged ? [[id, { msgstr: msgstr ?? id, sameAsSource: flagged }] as const] : [];
    }),
  );
  const { text, missing } = extractedCatalog(locale, undefined, incoming);
  const stale = catalogText(path) !== text;
  if (!check && stale) writeFileSync(path, text);
  const state = stale ? (check ? 'out of date' : 'updated') : 'up to date';
  console.log(`${locale}: ${state}, ${missing.length} untranslated${missing.length ? `: ${missing.map((id) => JSON.stringify(id)).join(', ')}` : ''}`);
  if (check && (stale || missing.length)) failed = true;
}
if (failed) process.exit(1);
