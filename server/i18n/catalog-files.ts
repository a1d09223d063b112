import { join } from 'node:path';
import type { Locale } from '@common/locales';
import { formatPo, parsePo } from './po';
import { serverMessages } from './server-messages';
import { catalogText, serverCatalogFolder } from './translate';

export function catalogPath(locale: Locale, folder: string = serverCatalogFolder): string {
  return join(folder, `${locale}.po`);
}

/**
 * A locale's catalog as extraction makes it: every server message (serverMessages) in order, each with its origin as
 * an extraction comment and the translation the catalog holds already (empty when new); messages the code no longer
 * answers are dropped. `incoming` translations (a translator's batch) replace the catalog's.
 */
export function extractedCatalog(
  locale: Locale,
  folder: string = serverCatalogFolder,
  incoming: ReadonlyMap<string, string> = new Map(),
): { text: string; missing: string[] } {
  const existing = new Map(parsePo(catalogText(catalogPath(locale, folder))).map((entry) => [entry.msgid, entry.msgstr]));
  const entries = serverMessages().map(({ id, origin, fillOnly }) => ({ msgid: id, msgstr: incoming.get(id) ?? existing.get(id) ?? '', comment: origin, fillOnly }));
  return { text: formatPo(locale, entries), missing: entries.filter((entry) => entry.msgstr === '').map((entry) => entry.msgid) };
}
