/**
 * Writes translations into the web catalogs (web/src/locales/{locale}/{area}.po) after `npm run i18n:extract`.
 * Input: JSON files `{ "<msgid>": { "de": "…", "es": "…", "fr": "…", "pt-BR": "…", "ar": "…", "sameAsSource"?: ["de"] } }`
 * (a translator's batch, keyed by the exact English message; a message with a Lingui context by
 * "<context>\u0004<message>", gettext's convention). A translation in the JSON replaces the catalog's; an
 * entry the JSON does not name keeps its translation. Locales listed in `sameAsSource` get the `#, same-as-source`
 * flag (scripts/i18n-check.ts). The pseudo-locale's catalogs are refilled from English every run. Extraction runs again
 * at the end (it writes the translator comments, e.g. what a `{0}` stands for, that reading and writing a PO drops).
 * Usage: npm run i18n:merge -- batch.json [more.json …]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { sourceLocale, supportedLocales } from '@common/locales';
import { projectPath } from '@common/node/project-paths';
import { catalogAreas } from '@web/lib/i18n/catalog-areas';
import { sameAsSourceFlag } from './i18n-check';
import { pseudoTranslate } from './i18n-pseudo';

type Batch = Record<string, Partial<Record<string, string>> & { sameAsSource?: string[] }>;

interface PoEntry {
  message?: string;
  context?: string;
  translation?: string;
  extra?: { flags?: string[] };
}

const po = formatter({ lineNumbers: false });
const catalogsDir = projectPath('web', 'src', 'locales');

export function mergedEntry(entry: PoEntry, translation: string | undefined, sameAsSource: boolean): PoEntry {
  if (translation === undefined) return entry;
  const flags = (entry.extra?.flags ?? []).filter((flag) => flag !== sameAsSourceFlag);
  if (sameAsSource) flags.push(sameAsSourceFlag);
  return { ...entry, translation, extra: { ...entry.extra, flags } };
}

async function main(): Promise<void> {
  const batch: Batch = {};
  for (const file of process.argv.slice(2)) Object.assign(batch, JSON.parse(readFileSync(file, 'utf8')) as Batch);
  let written = 0;
  for (const { name } of catalogAreas) {
    for (const locale of [...supportedLocales.filter((candidate) => candidate !== sourceLocale), 'pseudo']) {
      const file = join(catalogsDir, locale, `${name}.po`);
      if (!existsSync(file)) continue;
      const context = { locale, sourceLocale, filename: file };
      const catalog = (await po.parse(readFileSync(file, 'utf8'), context)) as Record<string, PoEntry>;
      for (const [id, entry] of Object.entries(catalog)) {
        const source = entry.message ?? '';
        if (locale === 'pseudo') {
          catalog[id] = { ...entry, translation: pseudoTranslate(source) };
          continue;
        }
        const found = batch[entry.context ? `${entry.context}\u0004${source}` : source];
        if (found?.[locale] !== undefined) written += 1;
        catalog[id] = mergedEntry(entry, found?.[locale], found?.sameAsSource?.includes(locale) ?? false);
      }
      const existing = readFileSync(file, 'utf8');
      writeFileSync(file, (await po.serialize(catalog as never, { ...context, existing })) as string);
    }
  }
  execFileSync(projectPath('node_modules', '.bin', 'lingui'), ['extract', '--clean'], { cwd: projectPath(), stdio: 'ignore' });
  process.stdout.write(`i18n-merge: ${written} translations written\n`);
}

if (process.argv[1]?.endsWith('i18n-merge.ts')) await main();
