import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface PoEntry {
  message?: string;
  translation?: string;
}

type CompiledCatalog = Map<string, CompiledMessage>;

/** Where the built chunks fetch their catalogs from, relative to the chunk (the assets folder). */
export const chunkCatalogFolder = 'i18n';

/**
 * Every locale's messages (all PO files of web/src/locales/{locale}), compiled as Lingui's runtime takes them and
 * keyed by the message id the macros write into the code. A message a locale has not translated is the English one.
 */
async function compiledCatalogs(catalogsDir: string, sourceLocale: string): Promise<Map<string, CompiledCatalog>> {
  const po = formatter({ lineNumbers: false });
  const locales = readdirSync(catalogsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const texts = new Map<string, Map<string, string>>();
  for (const locale of locales) {
    const messages = new Map<string, string>();
    for (const file of readdirSync(join(catalogsDir, locale)).filter((name) => name.endsWith('.po'))) {
      const filename = join(catalogsDir, locale, file);
      const catalog = (await po.parse(readFileSync(filename, 'utf8'), { locale, sourceLocale, filename })) as Record<string, PoEntry>;
      for (const [id, entry] of Object.entries(catalog)) {
        const text = entry.translation || (locale === sourceLocale ? entry.message : '');
        if (text) messages.set(id, text);
      }
    }
    texts.set(locale, messages);
  }
  const source = texts.get(sourceLocale) ?? new Map<string, string>();
  const compiled = new Map<string, CompiledCatalog>();
  for (const [locale, messages] of texts) {
    const catalog: CompiledCatalog = new Map();
    for (const [id, english] of source) catalog.set(id, compileMessage(messages.get(id) ?? english));
    compiled.set(locale, catalog);
  }
  return compiled;
}

/**
 * Message catalogs split like the code: each built chunk that shows messages gets one small catalog per locale
 * (assets/i18n/{key}.{locale}.json, `key` a hash of the chunk's messages in every locale), holding exactly the
 * messages its modules use, and starts by registering it and waiting, with a top-level await, until the active
 * locale's copy is in Lingui's catalog (web/src/lib/i18n/i18n.ts). A page therefore loads the messages of the chunks
 * it loads and no others, and a lazily loaded page renders only once its words are there. Build only: the dev server
 * and the unit tests load the whole PO catalogs.
 *
 * `messageIds` is filled by the macro plugin (web/vite-lingui-macro.ts) with the ids each module's compiled code uses.
 */
export function chunkCatalogs(options: { messageIds: ReadonlyMap<string, readonly string[]>; catalogsDir: string; sourceLocale: string }): Plugin {
  let catalogs: Promise<Map<string, CompiledCatalog>> | null = null;
  const files = new Map<string, string>();
  let assetsDir = 'assets';
  return {
    name: 'cuepoint-chunk-catalogs',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async renderChunk(code, chunk) {
      const ids = new Set<string>();
      for (const moduleId of chunk.moduleIds) for (const id of options.messageIds.get(moduleId) ?? []) ids.add(id);
      if (!ids.size) return null;
      catalogs ??= compiledCatalogs(options.catalogsDir, options.sourceLocale);
      const byLocale = await catalogs;
      const source = byLocale.get(options.sourceLocale)!;
      const missing = [...ids].filter((id) => !source.has(id));
      if (missing.length) this.warn(`${chunk.fileName}: messages missing from the catalogs (run npm run i18n:extract): ${missing.join(', ')}`);
      const sorted = [...ids].filter((id) => source.has(id)).sort();
      const contents = [...byLocale].map(([locale, catalog]) => [locale, JSON.stringify(Object.fromEntries(sorted.map((id) => [id, catalog.get(id)])))] as const);
      const key = createHash('sha256')
        .update(contents.map(([locale, json]) => `${locale}\n${json}`).join('\n'))
        .digest('base64url')
        .slice(0, 12);
      for (const [locale, json] of contents) files.set(`${assetsDir}/${chunkCatalogFolder}/${key}.${locale}.json`, json);
      const chunkDepth = chunk.fileName.split('/').length - 1;
      const assetsDepth = assetsDir.split('/').filter(Boolean).length;
      const relative = `${chunkDepth > assetsDepth ? '../'.repeat(chunkDepth - assetsDepth) : './'}${chunkCatalogFolder}/${key}`;
      const prelude =
        `{const m=globalThis.__cuepointMessages??={chunks:[]},u=new URL(${JSON.stringify(relative)},import.meta.url).href;` +
        'm.chunks.push(u);await m.load?.(u)}';
      const output = new MagicString(code);
      output.prepend(prelude);
      return { code: output.toString(), map: output.generateMap({ hires: 'boundary' }) };
    },
    generateBundle() {
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
