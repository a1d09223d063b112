/** One translation of a PO catalog: the English text (msgid) and its translation (msgstr; empty when untranslated). */
export interface PoEntry {
  msgid: string;
  msgstr: string;
  /** `#, fuzzy`: a guess a translator has not confirmed yet; never shown. */
  fuzzy: boolean;
  /** `#, fill-only`: a template the server only fills with values; an answer's text is never read back into it. */
  fillOnly?: boolean;
  /** `#, same-as-source`: the translation is rightly the English text ("LIVE", brand names); counts as translated. */
  sameAsSource?: boolean;
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(literal: string, lineNumber: number): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(literal.trim());
  if (!match) throw new Error(`PO line ${lineNumber}: expected a quoted string, got ${literal}`);
  return match[1]!.replace(/\\(.)/g, (_, character: string) => escapes[character] ?? character);
}

/**
 * The entries of a PO file (gettext's format, as @lingui/format-po writes it): `msgid`/`msgstr` pairs whose strings
 * may continue on following quoted lines, comments and flags before them. The header (empty msgid) and plural forms
 * (`msgid_plural`: our catalogs use ICU plurals inside one message instead) are left out.
 */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: { msgid?: string; msgstr?: string; plural?: boolean; fuzzy: boolean; fillOnly?: boolean; sameAsSource?: boolean } = { fuzzy: false };
  let field: 'msgid' | 'msgstr' | 'other' | null = null;
  const finish = () => {
    if (current.msgid && current.msgstr !== undefined && !current.plural) {
      entries.push({
        msgid: current.msgid,
        msgstr: current.msgstr,
        fuzzy: current.fuzzy,
        ...(current.fillOnly && { fillOnly: true }),
        ...(current.sameAsSource && { sameAsSource: true }),
      });
    }
    current = { fuzzy: false };
    field = null;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const lineNumber = index + 1;
    if (line === '') return finish();
    if (line.startsWith('#')) {
      if (current.msgstr !== undefined) finish();
      if (/^#,.*\bfuzzy\b/.test(line)) current.fuzzy = true;
      if (/^#,.*\bfill-only\b/.test(line)) current.fillOnly = true;
      if (/^#,.*\bsame-as-source\b/.test(line)) current.sameAsSource = true;
      return;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name, literal] = keyword;
      if (name === 'msgid') {
        if (current.msgstr !== undefined) finish();
        current.msgid = unquote(literal!, lineNumber);
        field = 'msgid';
      } else if (name === 'msgstr') {
        current.msgstr = unquote(literal!, lineNumber);
        field = 'msgstr';
      } else {
        if (name === 'msgid_plural') current.plural = true;
        field = 'other';
      }
      return;
    }
    if (line.startsWith('"') && field) {
      const continued = unquote(line, lineNumber);
      if (field === 'msgid') current.msgid = (current.msgid ?? '') + continued;
      else if (field === 'msgstr') current.msgstr = (current.msgstr ?? '') + continued;
      return;
    }
    throw new Error(`PO line ${lineNumber}: cannot read ${raw}`);
  });
  finish();
  return entries;
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

/** A PO file of these entries (the header names the language), as the extraction script writes it. */
export function formatPo(
  locale: string,
  entries: readonly { msgid: string; msgstr: string; comment?: string; fillOnly?: boolean; sameAsSource?: boolean }[],
): string {
  const header = ['msgid ""', 'msgstr ""', quote('MIME-Version: 1.0\n'), quote('Content-Type: text/plain; charset=utf-8\n'), quote('Content-Transfer-Encoding: 8bit\n'), quote(`Language: ${locale}\n`)];
  const blocks = entries.map(({ msgid, msgstr, comment, fillOnly, sameAsSource }) => {
    const flags = [...(fillOnly ? ['fill-only'] : []), ...(sameAsSource ? ['same-as-source'] : [])];
    return [...(comment ? [`#. ${comment}`] : []), ...(flags.length ? [`#, ${flags.join(', ')}`] : []), `msgid ${quote(msgid)}`, `msgstr ${quote(msgstr)}`].join('\n');
  });
  return `${[header.join('\n'), ...blocks].join('\n\n')}\n`;
}
