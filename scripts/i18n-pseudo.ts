/**
 * The pseudo-locale of the browser tests (web/src/locales/pseudo/messages.po), written from the English catalog:
 * every message wrapped in ⟦ ⟧ and lengthened by about 35 %, its ICU arguments, plural/select cases, `#` and `<0>…</0>`
 * tags kept as they are. A page shown in it reveals text that bypasses the catalogs (no markers) and layouts that
 * cannot take longer languages. `npx tsx scripts/i18n-pseudo.ts` rewrites the pseudo catalogs; scripts/i18n-merge.ts
 * fills them with `pseudoTranslate` as it merges.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatter } from '@lingui/format-po';
import { sourceLocale } from '@common/locales';
import { projectPath } from '@common/node/project-paths';

const require = createRequire(import.meta.url);

interface Token {
  type: 'content' | 'argument' | 'function' | 'plural' | 'select' | 'selectordinal' | 'octothorpe';
  value?: string;
  arg?: string;
  key?: string;
  param?: Token[];
  pluralOffset?: number;
  cases?: Array<{ key: string; tokens: Token[] }>;
}

const { parse } = require('@messageformat/parser') as { parse(source: string, options?: { strict?: boolean }): Token[] };

export const pseudoOpen = '⟦';
export const pseudoClose = '⟧';
/** How much longer a text becomes: translations run up to a third longer than English. */
const lengthening = 0.35;
const padding = '~';

/** Lingui's component placeholders inside the text: `<0>`, `</0>`, `<1/>`. */
const tagPattern = /(<\/?\d+\s*\/?>)/;

/** One run of plain text, lengthened: its words keep their spacing, the padding follows the last word. */
function lengthen(text: string): string {
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  if (!core) return text;
  return `${lead}${core}${padding.repeat(Math.ceil(core.length * lengthening))}${trail}`;
}

/**
 * Text as ICU MessageFormat writes it: braces quoted, and `#` quoted inside a plural case (where it would stand for
 * the number). An apostrophe is doubled only where ICU would read it as the start of a quote.
 */
function escapeText(text: string, inPlural: boolean): string {
  const special = inPlural ? /[{}#]/ : /[{}]/;
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "'") {
      const next = text[index + 1] ?? '';
      // A last apostrophe is doubled too: the next token may begin with a brace.
      out += next === '' || next === "'" || special.test(next) || next === '|' ? "''" : "'";
    } else if (special.test(char)) {
      out += `'${char}'`;
    } else {
      out += char;
    }
  }
  return out;
}

function serialize(tokens: readonly Token[], inPlural: boolean, transform: (text: string) => string): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return (token.value ?? '')
            .split(tagPattern)
            .map((piece) => (tagPattern.test(piece) ? piece : escapeText(transform(piece), inPlural)))
            .join('');
        case 'argument':
          return `{${token.arg}}`;
        case 'octothorpe':
          return '#';
        case 'function': {
          const param = token.param?.length ? `, ${serialize(token.param, false, (text) => text)}` : '';
          return `{${token.arg}, ${token.key}${param}}`;
        }
        default: {
          const plural = token.type !== 'select';
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = (token.cases ?? []).map((entry) => `${entry.key} {${serialize(entry.tokens, plural, transform)}}`).join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/**
 * A message of the pseudo-locale: ⟦ and ⟧ around the whole message, each run of text about 35 % longer, everything
 * ICU or Lingui reads (arguments, plural and select cases, `#`, tags) unchanged.
 */
export function pseudoTranslate(message: string): string {
  return `${pseudoOpen}${serialize(parse(message), false, lengthen)}${pseudoClose}`;
}

interface CatalogEntry {
  message?: string;
  translation?: string;
}

type Catalog = Record<string, CatalogEntry>;

const po = formatter({ lineNumbers: false });

function readCatalog(file: string, locale: string): { content: string; catalog: Catalog } {
  const content = readFileSync(file, 'utf8');
  return { content, catalog: po.parse(content, { locale, sourceLocale, filename: file }) as Catalog };
}

/**
 * Rewrites each catalog of `{catalogsDir}/pseudo/` (`messages.po` and any other): each of its messages (extraction
 * keeps the list current) gets the pseudo translation of the English catalog's text of the same name. Answers how
 * many messages it wrote.
 */
export async function writePseudoCatalog(catalogsDir = projectPath('web', 'src', 'locales')): Promise<number> {
  let written = 0;
  for (const name of readdirSync(join(catalogsDir, 'pseudo')).filter((file) => file.endsWith('.po'))) {
    const englishFile = join(catalogsDir, sourceLocale, name);
    const english = existsSync(englishFile) ? readCatalog(englishFile, sourceLocale).catalog : {};
    const file = join(catalogsDir, 'pseudo', name);
    const { content, catalog } = readCatalog(file, 'pseudo');
    for (const [id, entry] of Object.entries(catalog)) {
      const source = english[id]?.translation || english[id]?.message || entry.message || id;
      entry.translation = pseudoTranslate(source);
      written++;
    }
    writeFileSync(file, await po.serialize(catalog as never, { locale: 'pseudo', existing: content, sourceLocale, filename: file }));
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writePseudoCatalog().then(
    (count) => console.log(`i18n: the pseudo-locale has ${count} message(s).`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
