import { join } from 'node:path';
import type { Locale } from '@common/locales';
import { formatPo, parsePo } from './po';
import { serverMessages } from './server-messages';
import { catalogText, serverCatalogFolder } from './translate';

export function catalogPath(locale: Locale, folder: string = serverCatalogFolder): string {
  return join(folder, `${locale}.po`);
}

/** A translator's translation of one message into one locale; `sameAsSource` flags it rightly identical to English. */
export interface IncomingTranslation {
  msgstr: string;
  sameAsSource?: boolean;
}

/**
 * A locale's catalog as extraction makes it: every server message (serverMessages) in order, each with its origin as
 * an extraction comment and the translation the catalog holds already (empty when new) with its `same-as-source` flag;
 * messages the code no longer answers are dropped. `incoming` translations (a translator's batch) replace the
 * catalog's, flag included. A flagged entry counts as translated: its text is the English one.
 */
export function extractedCatalog(
  locale: Locale,
  folder: string = serverCatalogFolder,
  incoming: ReadonlyMap<string, string | IncomingTranslation> = new Map(),
): { text: string; missing: string[] } {
  const existing = new Map(parsePo(catalogText(catalogPath(locale, folder))).map((entry) => [entry.msgid, entry]));
  const entries = serverMessages().map(({ id, origin, fillOnly }) => {
    const given = incoming.get(id);
    const chosen = typeof given === 'string' ? { msgstr: given } : (given ?? existing.get(id));
    const sameAsSource = chosen?.sameAsSource === true;
    return { msgid: id, msgstr: chosen?.msgstr || (sameAsSource ? id : ''), comment: origin, fillOnly, sameAsSource };
  });
  return { text: formatPo(locale, entries), missing: entries.filter((entry) => entry.msgstr === '').map((entry) => entry.msgid) };
}
