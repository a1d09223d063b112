import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { projectPath } from '@common/node/project-paths';
import { catalogPath, extractedCatalog } from '@server/i18n/catalog-files';
import { formatPo, parsePo } from '@server/i18n/po';
import { requestLocale } from '@server/i18n/request-locale';
import { commonMessageHomes, commonMessages, keptInEnglish, serverMessages } from '@server/i18n/server-messages';
import { loadServerCatalogs, translate, translatedLocales } from '@server/i18n/translate';
import { apiTokenMessages } from '@server/domains/api-tokens/api-tokens.schemas';
import { planRefusals } from '@server/domains/billing/plan-access';
import { federationMessages } from '@server/domains/federation/federation.schemas';
import { pageHeadMessages } from '@server/domains/public-pages/public-pages.messages';

/** The argument names a compiled ICU message uses, sorted (plural/select branches included). */
function argumentNames(compiled: CompiledMessage): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      if (name !== '#') names.add(name);
      if (format && typeof format === 'object') for (const [key, branch] of Object.entries(format)) if (key !== 'offset' && Array.isArray(branch)) walk(branch as CompiledMessage);
    }
  };
  walk(compiled);
  return [...names].sort();
}

const catalogs = Object.fromEntries(translatedLocales.map((locale) => [locale, parsePo(readFileSync(catalogPath(locale), 'utf8'))]));

describe('the server catalogs', () => {
  it('cover every English text the translated domains answer, in every shipped locale, confirmed and not left in English', () => {
    const ids = serverMessages().map(({ id }) => id);
    expect(ids.length).toBeGreaterThan(50);
    for (const locale of translatedLocales) {
      const translations = new Map(catalogs[locale]!.map((entry) => [entry.msgid, entry]));
      for (const id of ids) {
        const entry = translations.get(id);
        expect(entry?.msgstr, `${locale}: ${id}`).toBeTruthy();
        expect(entry?.fuzzy, `${locale} fuzzy: ${id}`).toBe(false);
        if (!entry?.sameAsSource) expect(entry?.msgstr, `${locale} left in English: ${id}`).not.toBe(id);
      }
    }
  });

  it('hold valid ICU messages that use exactly the placeholders of their English text', () => {
    for (const locale of translatedLocales) {
      for (const { msgid, msgstr } of catalogs[locale]!) {
        const english = argumentNames(compileMessageOrThrow(msgid));
        expect(argumentNames(compileMessageOrThrow(msgstr)), `${locale}: ${msgid}`).toEqual(english);
      }
    }
  });

  it('are up to date with the code: extraction (scripts/i18n-server-extract.ts) would change nothing', () => {
    for (const locale of translatedLocales) expect(extractedCatalog(locale).text, locale).toBe(readFileSync(catalogPath(locale), 'utf8'));
  });

  it('keep the per-creator app’s "LIVE" badge as it is in German, flagged same-as-source like the web catalog', () => {
    const live = catalogs.de!.find((entry) => entry.msgid === 'LIVE');
    expect(live).toMatchObject({ msgstr: 'LIVE', sameAsSource: true });
    expect(translate('de', 'LIVE', {})).toBe('LIVE');
    expect(translate('fr', 'LIVE', {})).toBe('EN DIRECT');
    for (const locale of translatedLocales) {
      for (const entry of catalogs[locale]!) if (entry.sameAsSource) expect(entry.msgstr, `${locale}: ${entry.msgid}`).toBe(entry.msgid);
    }
  });

  it('leave out the texts the web app reads as they are', () => {
    for (const locale of translatedLocales) for (const id of keptInEnglish) expect(translate(locale, id)).toBe(id);
  });

  it('translate plan refusals (the web app tells them by their code) and keep their plans link last, after a colon', () => {
    const texts = [planRefusals.liveStream, planRefusals.audioTitle, planRefusals.videoTitle, planRefusals.audioLimit(1), planRefusals.videoLimit(3)];
    for (const locale of translatedLocales) {
      for (const text of texts) {
        const translated = translate(locale, text);
        expect(translated, `${locale}: ${text}`).not.toBe(text);
        expect(translated, `${locale}: ${text}`).toMatch(/[^.!?؟:]+:\s*\/profile\/me\/subscriptions$/);
      }
      expect(translate(locale, federationMessages.notEnabled), locale).not.toBe(federationMessages.notEnabled);
    }
    expect(translate('de', planRefusals.videoLimit(3))).toContain('3 Video-Podcasts');
  });

  it('mark the templates only ever filled with values (heads, feeds, notifications) fill-only, so no other text is read back into them', () => {
    const fillOnly = new Set(serverMessages().filter((message) => message.fillOnly).map(({ id }) => id));
    expect(fillOnly).toContain(pageHeadMessages.creatorPageTitle);
    for (const locale of translatedLocales) {
      for (const entry of catalogs[locale]!) expect(!!entry.fillOnly, `${locale}: ${entry.msgid}`).toBe(fillOnly.has(entry.msgid));
    }
    // "{creatorName} on {siteName}" would otherwise turn any untranslated text with " on " in it into German.
    expect(translate('de', 'Backups run on Sundays')).toBe('Backups run on Sundays');
    expect(translate('de', pageHeadMessages.creatorPageTitle, { creatorName: 'Lena', siteName: 'Cuepoint' })).toBe('Lena auf Cuepoint');
  });

  it('build the API token scope refusal from its template, so the English text and the catalog stay one', () => {
    expect(apiTokenMessages.missingScope('events:write')).toBe('This API token lacks the scope events:write');
    expect(translate('fr', apiTokenMessages.missingScope('events:write'))).toBe('Ce jeton d’API n’a pas la portée events:write');
  });

  it('name the common refusals as the modules that answer them write them', () => {
    for (const [key, home] of Object.entries(commonMessageHomes)) {
      expect(readFileSync(projectPath(home), 'utf8'), `${key} in ${home}`).toContain(commonMessages[key as keyof typeof commonMessages]);
    }
  });

  it('are the only way the users domain words a refusal: no text written inline where it is thrown', () => {
    const folder = projectPath('server', 'domains', 'users');
    const inline = /\b(?:message|notMultipart):\s*['"`]/;
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !/[.](messages|schemas)[.]ts$/.test(name))) {
      const lines = readFileSync(join(folder, file), 'utf8').split('\n');
      lines.forEach((line, index) => expect(inline.test(line), `${file}:${index + 1}: ${line.trim()}`).toBe(false));
    }
  });
});

describe('translate', () => {
  it('answers a catalog text in the locale and English exactly as given', () => {
    expect(translate('de', 'Current password is incorrect')).toBe('Das aktuelle Passwort ist falsch');
    expect(translate('ar', 'Passwords do not match')).toBe('كلمتا المرور غير متطابقتين');
    expect(translate('en', 'Current password is incorrect')).toBe('Current password is incorrect');
  });

  it('leaves a text no catalog knows in English', () => {
    expect(translate('fr', 'Something the catalogs never heard of')).toBe('Something the catalogs never heard of');
  });

  it('fills a template with the values given, in the locale and in English', () => {
    expect(translate('pt-BR', 'A password reset link was sent to {email}', { email: 'ana@example.test' })).toBe('Um link de redefinição de senha foi enviado para ana@example.test');
    expect(translate('en', 'A password reset link was sent to {email}', { email: 'ana@example.test' })).toBe('A password reset link was sent to ana@example.test');
  });

  it('reads the values back from the English rendering of a template and fills the translation with them', () => {
    expect(translate('de', 'A password reset link was sent to ana@example.test')).toBe('Ein Link zum Zurücksetzen des Passworts wurde an ana@example.test gesendet');
    expect(translate('es', 'The bot check call failed: timeout-or-duplicate')).toBe('La llamada a la verificación antibots falló: timeout-or-duplicate');
    // The more specific template wins over "…failed: {reason}".
    expect(translate('fr', 'The bot check call failed: unexpected action "login"')).toBe('L’appel à la vérification anti-robot a échoué : action inattendue « login »');
  });

  describe('with plural messages (catalogs of a test folder)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cuepoint-server-po-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const english = '{count, plural, one {# viewer is waiting} other {# viewers are waiting}}';
    const arabic =
      '{count, plural, zero {لا أحد ينتظر} one {مشاهد واحد ينتظر} two {مشاهدان ينتظران} few {# مشاهدين ينتظرون} many {# مشاهدًا ينتظرون} other {# مشاهد ينتظرون}}';
    for (const locale of translatedLocales) {
      const msgstr = locale === 'ar' ? arabic : locale === 'de' ? '{count, plural, one {# Zuschauer wartet} other {# Zuschauer warten}}' : '';
      writeFileSync(join(folder, `${locale}.po`), formatPo(locale, [{ msgid: english, msgstr }]));
    }
    const testCatalogs = loadServerCatalogs(folder);

    it('chooses each of the six Arabic plural forms', () => {
      const forms = [0, 1, 2, 3, 11, 100].map((count) => translate('ar', english, { count }, testCatalogs));
      expect(forms).toEqual(['لا أحد ينتظر', 'مشاهد واحد ينتظر', 'مشاهدان ينتظران', '3 مشاهدين ينتظرون', '11 مشاهدًا ينتظرون', '100 مشاهد ينتظرون']);
    });

    it('formats English and other locales, and falls back to English where a catalog has no translation', () => {
      expect(translate('de', english, { count: 1 }, testCatalogs)).toBe('1 Zuschauer wartet');
      expect(translate('en', english, { count: 2 }, testCatalogs)).toBe('2 viewers are waiting');
      expect(translate('fr', english, { count: 2 }, testCatalogs)).toBe('2 viewers are waiting');
    });
  });
});

describe('same-as-source entries (a text rightly identical to English)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'cuepoint-same-po-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const [kept, other] = serverMessages().map(({ id }) => id);

  it('keep their flag when extraction rewrites the catalog, and a batch sets or clears it', () => {
    writeFileSync(catalogPath('de', folder), formatPo('de', [{ msgid: kept!, msgstr: kept!, sameAsSource: true }, { msgid: other!, msgstr: 'Übersetzt' }]));
    const again = parsePo(extractedCatalog('de', folder).text);
    expect(again.find((entry) => entry.msgid === kept)).toEqual({ msgid: kept, msgstr: kept, fuzzy: false, sameAsSource: true });
    expect(again.find((entry) => entry.msgid === other)).toEqual({ msgid: other, msgstr: 'Übersetzt', fuzzy: false });

    const batch = new Map([
      [kept!, { msgstr: 'Neu übersetzt' }],
      [other!, { msgstr: '', sameAsSource: true }],
    ]);
    const merged = extractedCatalog('de', folder, batch);
    const entries = parsePo(merged.text);
    expect(entries.find((entry) => entry.msgid === kept)).toEqual({ msgid: kept, msgstr: 'Neu übersetzt', fuzzy: false });
    expect(entries.find((entry) => entry.msgid === other)).toEqual({ msgid: other, msgstr: other, fuzzy: false, sameAsSource: true });
    expect(merged.missing).not.toContain(other);
  });

  it('count as translated: a flagged entry answers its English text, an unflagged empty one falls back', () => {
    writeFileSync(join(folder, 'de.po'), ['msgid ""', 'msgstr ""', '', '#, same-as-source', 'msgid "Podcast"', 'msgstr ""', '', 'msgid "{count} fps"', 'msgstr ""'].join('\n'));
    const loaded = loadServerCatalogs(folder);
    expect(loaded.translations.get('de')?.has('Podcast')).toBe(true);
    expect(loaded.translations.get('de')?.has('{count} fps')).toBe(false);
    expect(translate('de', 'Podcast', undefined, loaded)).toBe('Podcast');
  });
});

describe('parsePo', () => {
  it('reads continued strings and escapes, and leaves out the header, fuzzy guesses and plural entries', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: de\\n"',
        '',
        '#. somewhere',
        'msgid "Hello "',
        '"{name},\\n\\"quoted\\""',
        'msgstr "Hallo {name},\\n„zitiert“"',
        '',
        '#, fuzzy',
        'msgid "Guess"',
        'msgstr "Vermutung"',
        '',
        'msgid "one file"',
        'msgid_plural "many files"',
        'msgstr[0] "eine Datei"',
        'msgstr[1] "viele Dateien"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { msgid: 'Hello {name},\n"quoted"', msgstr: 'Hallo {name},\n„zitiert“', fuzzy: false },
      { msgid: 'Guess', msgstr: 'Vermutung', fuzzy: true },
    ]);
  });

  it('reads the fill-only flag formatPo writes', () => {
    const text = formatPo('de', [{ msgid: '{name} on {site}', msgstr: '{name} auf {site}', fillOnly: true }]);
    expect(text).toContain('#, fill-only\nmsgid "{name} on {site}"');
    expect(parsePo(text)).toEqual([{ msgid: '{name} on {site}', msgstr: '{name} auf {site}', fuzzy: false, fillOnly: true }]);
  });

  it('reads the same-as-source flag formatPo writes, beside fill-only', () => {
    const text = formatPo('de', [{ msgid: 'LIVE', msgstr: 'LIVE', fillOnly: true, sameAsSource: true }]);
    expect(text).toContain('#, fill-only, same-as-source\nmsgid "LIVE"');
    expect(parsePo(text)).toEqual([{ msgid: 'LIVE', msgstr: 'LIVE', fuzzy: false, fillOnly: true, sameAsSource: true }]);
    expect(parsePo('#, same-as-source\nmsgid "FAQ"\nmsgstr "FAQ"')).toEqual([{ msgid: 'FAQ', msgstr: 'FAQ', fuzzy: false, sameAsSource: true }]);
  });

  it('reads back what formatPo writes', () => {
    const entries = [{ msgid: 'Line one\nLine "two"\ttab \\ slash', msgstr: 'Zeile eins\nZeile „zwei“' }];
    expect(parsePo(formatPo('de', entries))).toEqual([{ ...entries[0], fuzzy: false }]);
  });
});

describe('requestLocale', () => {
  it('takes the account choice first, then the best match of Accept-Language, then English', () => {
    expect(requestLocale('de', 'fr-FR,fr;q=0.9')).toBe('de');
    expect(requestLocale(null, 'fr-FR,fr;q=0.9')).toBe('fr');
    expect(requestLocale(null, 'pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(requestLocale(null, 'ja,en;q=0.1')).toBe('en');
    expect(requestLocale(undefined, undefined)).toBe('en');
  });

  it('ignores a stored value that is no shipped locale', () => {
    expect(requestLocale('xx', 'es')).toBe('es');
  });
});

describe('a server without its catalog files', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cuepoint-no-po-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('answers in English rather than failing', () => {
    const none = loadServerCatalogs(empty);
    expect(translate('de', 'Current password is incorrect', undefined, none)).toBe('Current password is incorrect');
    expect(translate('de', 'Reset your {siteName} password', { siteName: 'Cuepoint' }, none)).toBe('Reset your Cuepoint password');
  });
});
