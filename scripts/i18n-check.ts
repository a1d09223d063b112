/**
 * `npm run i18n:check` (part of `npm test`): the web app's message catalogs (web/src/locales/{locale}/messages.po).
 *
 * 1. Extraction is up to date: `lingui extract --clean` run into a copy of the catalogs changes nothing.
 * 2. Every message of every shipped locale but English is translated, and no translation is the English text itself
 *    unless its PO entry carries the flag `#, same-as-source` ("Chat", brand names, …).
 * 3. Every message and translation is valid ICU MessageFormat, its plural cases are the locale's and each plural or
 *    select has its `other` case.
 * 4. A translation has exactly the placeholders of its source: the same `{arguments}` and the same `<0>…</0>` tags.
 *
 * Exits 1 naming each problem.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatter } from '@lingui/format-po';
import { sourceLocale, supportedLocales } from '@common/locales';
import { projectPath } from '@common/node/project-paths';
import { catalogAreas } from '@web/lib/i18n/catalog-areas';

const require = createRequire(import.meta.url);

/** The flag a translator puts on a PO entry whose translation is rightly the English text. */
export const sameAsSourceFlag = 'same-as-source';

export interface CatalogSet {
  /** The folder holding `{locale}/{catalog}.po`. */
  catalogsDir: string;
  /** The catalogs per locale (web/src/lib/i18n/catalog-areas.ts); `messages` alone when not given. */
  catalogNames?: readonly string[];
  /** Every locale with a catalog (the source locale and the pseudo-locale included). */
  locales: readonly string[];
  sourceLocale: string;
  pseudoLocale?: string;
}

export interface ExtractionSet extends CatalogSet {
  /** The folder the source paths in the catalogs are relative to (the repository). */
  rootDir: string;
  /** Source folders the messages are extracted from, relative to rootDir (the single `messages` catalog). */
  include: readonly string[];
  /** Several catalogs instead: each with its own source paths (relative to rootDir). */
  areas?: readonly { name: string; include: readonly string[]; exclude?: readonly string[] }[];
}

function areasOf(set: ExtractionSet): NonNullable<ExtractionSet['areas']> {
  return set.areas ?? [{ name: 'messages', include: set.include }];
}

function catalogNamesOf(set: CatalogSet): readonly string[] {
  return set.catalogNames ?? ['messages'];
}

export interface Problem {
  rule: 'extraction' | 'missing' | 'same-as-source' | 'syntax' | 'placeholders' | 'locales';
  locale: string;
  message: string;
}

interface CatalogEntry {
  message?: string;
  translation?: string;
  extra?: { flags?: string[] };
}

function readCatalog(catalogsDir: string, locale: string, name = 'messages'): Record<string, CatalogEntry> {
  const file = join(catalogsDir, locale, `${name}.po`);
  if (!existsSync(file)) return {};
  return formatter().parse(readFileSync(file, 'utf8'), { locale, sourceLocale, filename: file }) as Record<string, CatalogEntry>;
}

function msgids(content: string): Set<string> {
  return new Set([...content.matchAll(/^msgid "(.+)"$/gm)].map((match) => match[1]!));
}

/**
 * Rule 1: runs the extractor with --clean into a copy of the catalogs (a temporary Lingui config with the project's
 * own settings, the catalogs path moved) and reports each file it would change, with the messages it adds or drops.
 */
export async function extractionProblems(set: ExtractionSet): Promise<Problem[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cuepoint-i18n-'));
  try {
    const copy = join(folder, 'locales');
    for (const locale of set.locales) {
      const original = join(set.catalogsDir, locale);
      if (existsSync(original)) cpSync(original, join(copy, locale), { recursive: true });
    }
    const config = join(folder, 'lingui.config.mjs');
    writeFileSync(
      config,
      [
        `import { formatter } from ${JSON.stringify(pathToFileURL(require.resolve('@lingui/format-po')).href)};`,
        'export default {',
        `  rootDir: ${JSON.stringify(set.rootDir)},`,
        `  locales: ${JSON.stringify(set.locales)},`,
        `  sourceLocale: ${JSON.stringify(set.sourceLocale)},`,
        ...(set.pseudoLocale ? [`  pseudoLocale: ${JSON.stringify(set.pseudoLocale)},`] : []),
        `  fallbackLocales: { default: ${JSON.stringify(set.sourceLocale)} },`,
        '  format: formatter({ lineNumbers: false }),',
        `  catalogs: ${JSON.stringify(
          areasOf(set).map((area) => ({
            path: join(copy, '{locale}', area.name),
            include: area.include.map((path) => `<rootDir>/${path}`),
            exclude: (area.exclude ?? []).map((path) => `<rootDir>/${path}`),
          })),
        )},`,
        '};',
        '',
      ].join('\n'),
    );
    const cli = join(require.resolve('@lingui/cli/api'), '..', '..', 'lingui.js');
    const child = spawn(process.execPath, [cli, 'extract', '--clean', '--config', config], { cwd: set.rootDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
    if (code !== 0) return [{ rule: 'extraction', locale: '*', message: `lingui extract failed (exit ${code}):\n${output}` }];
    const problems: Problem[] = [];
    for (const locale of set.locales) {
      for (const { name } of areasOf(set)) {
      const originalFile = join(set.catalogsDir, locale, `${name}.po`);
      const extractedFile = join(copy, locale, `${name}.po`);
      const before = existsSync(originalFile) ? readFileSync(originalFile, 'utf8') : '';
      const after = existsSync(extractedFile) ? readFileSync(extractedFile, 'utf8') : '';
      if (before === after) continue;
      const [old, extracted] = [msgids(before), msgids(after)];
      const added = [...extracted].filter((id) => !old.has(id));
      const dropped = [...old].filter((id) => !extracted.has(id));
      const details = [...added.map((id) => `new "${id}"`), ...dropped.map((id) => `gone "${id}"`)];
      problems.push({
        rule: 'extraction',
        locale,
        message: `${name}.po is not what extraction gives (run npm run i18n:extract)${details.length ? `: ${details.join(', ')}` : ': source references changed'}`,
      });
      }
    }
    return problems;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

interface Token {
  type: string;
  value?: string;
  arg?: string;
  key?: string;
  param?: Token[];
  cases?: Array<{ key: string; tokens: Token[] }>;
}

const { parse } = require('@messageformat/parser') as { parse(source: string, options?: { cardinal?: string[] }): Token[] };

interface Shape {
  arguments: string[];
  tags: string[];
}

/** The arguments and tags a message uses, sorted; throws on invalid ICU or a plural/select without `other`. */
export function messageShape(source: string, locale: string): Shape {
  const cardinal = new Intl.PluralRules(locale === 'pseudo' ? 'en' : locale).resolvedOptions().pluralCategories as string[];
  const argumentNames = new Set<string>();
  const tags = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') for (const tag of token.value?.match(/<\/?\d+\/?>/g) ?? []) tags.add(tag);
      if (token.arg !== undefined) argumentNames.add(token.arg);
      if (token.cases) {
        if (!token.cases.some((entry) => entry.key === 'other')) throw new Error(`{${token.arg}, ${token.type}} has no "other" case`);
        for (const entry of token.cases) walk(entry.tokens);
      }
      if (token.param) walk(token.param);
    }
  };
  walk(parse(source, { cardinal }));
  return { arguments: [...argumentNames].sort(), tags: [...tags].sort() };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Rules 2-4 for each translated locale (every locale but the source and the pseudo-locale). */
/**
 * The language menu lists `supportedLocales` (common/locales.ts): it must be exactly the locales whose catalogs are
 * present (a catalog folder nobody lists, or a listed locale without its catalogs, is a problem).
 */
export function localeListProblems(set: Pick<CatalogSet, 'catalogsDir' | 'locales' | 'pseudoLocale'>): Problem[] {
  const present = readdirSync(set.catalogsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return [
    ...present.filter((locale) => !set.locales.includes(locale)).map((locale) => ({ rule: 'locales' as const, locale, message: `catalogs present but ${locale} is not in common/locales.ts supportedLocales` })),
    ...set.locales.filter((locale) => !present.includes(locale)).map((locale) => ({ rule: 'locales' as const, locale, message: `listed in common/locales.ts but has no catalogs in ${set.catalogsDir}` })),
  ];
}

export function catalogProblems(set: CatalogSet): Problem[] {
  const problems: Problem[] = [];
  for (const locale of set.locales) {
    if (locale === set.sourceLocale || locale === set.pseudoLocale) continue;
    for (const entry of catalogNamesOf(set).flatMap((name) => Object.values(readCatalog(set.catalogsDir, locale, name)))) {
      const source = entry.message ?? '';
      const translation = entry.translation ?? '';
      if (!translation) {
        problems.push({ rule: 'missing', locale, message: `no translation for "${source}"` });
        continue;
      }
      if (translation === source && !entry.extra?.flags?.includes(sameAsSourceFlag)) {
        problems.push({ rule: 'same-as-source', locale, message: `"${source}" is left in English (flag it #, ${sameAsSourceFlag} if that is right)` });
      }
      let sourceShape: Shape;
      let translationShape: Shape;
      try {
        sourceShape = messageShape(source, set.sourceLocale);
      } catch (error) {
        problems.push({ rule: 'syntax', locale: set.sourceLocale, message: `"${source}": ${(error as Error).message.split('\n')[0]}` });
        continue;
      }
      try {
        translationShape = messageShape(translation, locale);
      } catch (error) {
        problems.push({ rule: 'syntax', locale, message: `"${translation}" (for "${source}"): ${(error as Error).message.split('\n')[0]}` });
        continue;
      }
      if (!sameList(sourceShape.arguments, translationShape.arguments) || !sameList(sourceShape.tags, translationShape.tags)) {
        const shown = (shape: Shape) => [...shape.arguments.map((name) => `{${name}}`), ...shape.tags].join(' ') || 'none';
        problems.push({
          rule: 'placeholders',
          locale,
          message: `"${translation}" has ${shown(translationShape)} where "${source}" has ${shown(sourceShape)}`,
        });
      }
    }
  }
  return problems;
}

/** The web app's catalogs as lingui.config.ts declares them. */
export const webCatalogs: ExtractionSet = {
  rootDir: projectPath(),
  include: ['web/src'],
  areas: catalogAreas,
  catalogNames: catalogAreas.map((area) => area.name),
  catalogsDir: projectPath('web', 'src', 'locales'),
  locales: [...supportedLocales, 'pseudo'],
  sourceLocale,
  pseudoLocale: 'pseudo',
};

async function main(): Promise<void> {
  const problems = [...localeListProblems(webCatalogs), ...(await extractionProblems(webCatalogs)), ...catalogProblems(webCatalogs)];
  for (const problem of problems) console.log(`${problem.rule}  ${problem.locale}  ${problem.message}`);
  const locales = readdirSync(webCatalogs.catalogsDir).length;
  console.log(`i18n: ${locales} catalogs, ${problems.length} problem(s).`);
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
