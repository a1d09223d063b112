import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import { extractionProblems, messageShape, type ExtractionSet } from '../../scripts/i18n-check';
import { pseudoTranslate, writePseudoCatalog } from '../../scripts/i18n-pseudo';
import { projectPath } from '@common/node/project-paths';

/** What a reader sees: the message compiled and formatted by Lingui's runtime, as the web app does. */
function rendered(message: string, values: Record<string, unknown> = {}): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: { message: compileMessage(message) } } });
  return i18n._('message', values);
}

const padding = (text: string) => '~'.repeat(Math.ceil(text.length * 0.35));

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('pseudoTranslate', () => {
  it('wraps a message in ⟦ ⟧ and lengthens its text by about 35 %', () => {
    expect(pseudoTranslate('Sign in')).toBe(`⟦Sign in${padding('Sign in')}⟧`);
    expect(rendered(pseudoTranslate('Forgot password?'))).toBe(`⟦Forgot password?${padding('Forgot password?')}⟧`);
    const long = 'Changing the password signs you out everywhere else; this browser stays signed in.';
    expect(rendered(pseudoTranslate(long)).length).toBeGreaterThanOrEqual(Math.round(long.length * 1.35));
  });

  it('keeps arguments, and the same arguments and tags as the source', () => {
    const source = 'Created {created} · Last used {lastUsed} · Expires {expires}';
    expect(messageShape(pseudoTranslate(source), 'en')).toEqual(messageShape(source, 'en'));
    expect(rendered(pseudoTranslate(source), { created: 'A', lastUsed: 'B', expires: 'C' })).toBe(
      `⟦Created${padding('Created')} A · Last used${padding('· Last used')} B · Expires${padding('· Expires')} C⟧`,
    );
  });

  it('keeps the plural cases and # (each case lengthened, the number formatted)', () => {
    const source = '{count, plural, one {# waiting for activation} other {# waiting for activation}}';
    const pseudo = pseudoTranslate(source);
    expect(pseudo).toMatch(/^⟦\{count, plural, one \{# waiting for activation~+\} other \{# waiting for activation~+\}\}⟧$/);
    expect(messageShape(pseudo, 'en')).toEqual(messageShape(source, 'en'));
    expect(rendered(pseudo, { count: 1 })).toBe(`⟦1 waiting for activation${padding('waiting for activation')}⟧`);
    expect(rendered(pseudo, { count: 3 })).toBe(`⟦3 waiting for activation${padding('waiting for activation')}⟧`);
  });

  it('keeps select cases and arguments nested in them', () => {
    const source = '{role, select, admin {Admin {name}} other {Viewer}}';
    const pseudo = pseudoTranslate(source);
    expect(messageShape(pseudo, 'en')).toEqual(messageShape(source, 'en'));
    expect(rendered(pseudo, { role: 'admin', name: 'Ada' })).toBe(`⟦Admin${padding('Admin')} Ada⟧`);
    expect(rendered(pseudo, { role: 'dj', name: 'Ada' })).toBe(`⟦Viewer${padding('Viewer')}⟧`);
  });

  it('keeps <0></0> tags intact and lengthens the text inside them', () => {
    const source = 'Already have an account? <0>Log in</0>';
    const pseudo = pseudoTranslate(source);
    expect(pseudo).toBe(`⟦Already have an account?${padding('Already have an account?')} <0>Log in${padding('Log in')}</0>⟧`);
    expect(messageShape(pseudo, 'en')).toEqual(messageShape(source, 'en'));
  });

  it('keeps apostrophes, quoted braces and a quoted # as the reader sees them', () => {
    expect(rendered(pseudoTranslate("Don't have an account?"))).toBe(`⟦Don't have an account?${padding("Don't have an account?")}⟧`);
    const braces = "Use '{'name'}' for the name";
    expect(rendered(braces)).toBe('Use {name} for the name');
    expect(rendered(pseudoTranslate(braces))).toBe(`⟦Use {name} for the name${padding('Use {name} for the name')}⟧`);
    const hash = "{n, plural, other {# items, '#'1}}";
    expect(rendered(pseudoTranslate(hash), { n: 2 })).toBe(`⟦2 items, #1${padding('items, #1')}⟧`);
  });
});

describe('writePseudoCatalog', () => {
  it('fills every message of the pseudo catalog from English, and extraction then changes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cuepoint-i18n-pseudo-'));
    folders.push(folder);
    cpSync(projectPath('tests', 'fixtures', 'i18n'), folder, { recursive: true });
    const set: ExtractionSet = {
      rootDir: folder,
      include: ['src'],
      catalogsDir: join(folder, 'locales'),
      locales: ['en', 'de', 'pseudo'],
      sourceLocale: 'en',
      pseudoLocale: 'pseudo',
    };
    // A pseudo catalog as extraction first writes it: every message, no translations.
    mkdirSync(join(set.catalogsDir, 'pseudo'));
    const german = readFileSync(join(set.catalogsDir, 'de', 'messages.po'), 'utf8');
    const empty = german.replace('Language: de', 'Language: pseudo').replace(/^msgstr ".+"$/gm, 'msgstr ""').replace('#, same-as-source\n', '');
    writeFileSync(join(set.catalogsDir, 'pseudo', 'messages.po'), empty);
    expect(await extractionProblems(set)).toEqual([]);

    expect(await writePseudoCatalog(set.catalogsDir)).toBe(4);
    const written = readFileSync(join(set.catalogsDir, 'pseudo', 'messages.po'), 'utf8');
    const translations = [...written.matchAll(/^msgstr "(.+)"$/gm)].map((match) => match[1]);
    expect(translations).toEqual([
      `⟦{count, plural, one {# ticket${padding('ticket')}} other {# tickets${padding('tickets')}}}⟧`,
      `⟦<0>Sign in${padding('Sign in')}</0> to go on${padding('to go on')}⟧`,
      `⟦Chat${padding('Chat')}⟧`,
      `⟦Hello${padding('Hello')} {name}⟧`,
    ]);
    // The extractor keeps these translations byte for byte, and writing again changes nothing.
    expect(await extractionProblems(set)).toEqual([]);
    await writePseudoCatalog(set.catalogsDir);
    expect(readFileSync(join(set.catalogsDir, 'pseudo', 'messages.po'), 'utf8')).toBe(written);
  });
});
