import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogProblems, extractionProblems, localeListProblems, messageShape, webCatalogs, type ExtractionSet } from '../../scripts/i18n-check';
import { projectPath } from '@common/node/project-paths';

const fixtures = projectPath('tests', 'fixtures', 'i18n');
const fixtureSet: ExtractionSet = { rootDir: fixtures, include: ['src'], catalogsDir: join(fixtures, 'locales'), locales: ['en', 'de'], sourceLocale: 'en' };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the fixture project (sources and catalogs) that a test may change. */
function fixtureCopy(): ExtractionSet {
  const folder = mkdtempSync(join(tmpdir(), 'cuepoint-i18n-test-'));
  folders.push(folder);
  cpSync(fixtures, folder, { recursive: true });
  return { ...fixtureSet, rootDir: folder, catalogsDir: join(folder, 'locales') };
}

describe('npm run i18n:check', () => {
  it('passes a complete, up-to-date catalog set (a flagged same-as-source entry, a plural, a tag, an argument)', async () => {
    expect(catalogProblems(fixtureSet)).toEqual([]);
    expect(await extractionProblems(fixtureSet)).toEqual([]);
  });

  it('rule 1: a message added to the code but not extracted, and one extracted but gone from the code', async () => {
    const set = fixtureCopy();
    const page = join(set.rootDir, 'src', 'greeting.tsx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<Trans>Hello {name}</Trans>', '<Trans>Welcome {name}</Trans>'));
    const problems = await extractionProblems(set);
    expect(problems.map((problem) => problem.locale)).toEqual(['en', 'de']);
    for (const problem of problems) {
      expect(problem.rule).toBe('extraction');
      expect(problem.message).toContain('new "Welcome {name}"');
      expect(problem.message).toContain('gone "Hello {name}"');
    }
    // The check reads a copy: the catalogs it checked are as they were.
    expect(readFileSync(join(set.catalogsDir, 'de', 'messages.po'), 'utf8')).toBe(readFileSync(join(fixtures, 'locales', 'de', 'messages.po'), 'utf8'));
  });

  it('rule 1: an obsolete entry a translator left behind counts as out of date (extraction runs with --clean)', async () => {
    const set = fixtureCopy();
    const german = join(set.catalogsDir, 'de', 'messages.po');
    writeFileSync(german, `${readFileSync(german, 'utf8')}\n#~ msgid "Old text"\n#~ msgstr "Alter Text"\n`);
    expect(await extractionProblems(set)).toEqual([{ rule: 'extraction', locale: 'de', message: expect.stringContaining('run npm run i18n:extract') as string }]);
  });

  it('rules 2-4: each broken entry is named once, under its rule', () => {
    const problems = catalogProblems({ catalogsDir: join(fixtures, 'broken'), locales: ['en', 'de'], sourceLocale: 'en' });
    expect(problems.map(({ rule, message }) => [rule, message.split(':')[0]])).toEqual([
      ['syntax', '"{count, plural, one {# Ticket} few {# Tickets} other {# Tickets}" (for "{count, plural, one {# ticket} other {# tickets}}")'],
      ['placeholders', '"Melde dich an, um weiterzumachen" has none where "<0>Sign in</0> to go on" has </0> <0>'],
      ['same-as-source', '"Chat" is left in English (flag it #, same-as-source if that is right)'],
      ['missing', 'no translation for "Hello {name}"'],
      ['placeholders', '"Tschüss {nom}" has {nom} where "Goodbye {name}" has {name}'],
      ['syntax', '"{role, select, host {Gastgeber} guest {Gast}}" (for "{role, select, host {Host} guest {Guest} other {Someone}}")'],
    ]);
    expect(problems.every((problem) => problem.locale === 'de')).toBe(true);
  });

  it('plural cases are checked against the locale: Arabic has six, German two', () => {
    const arabic = '{count, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {#}}';
    expect(messageShape(arabic, 'ar')).toEqual({ arguments: ['count'], tags: [] });
    expect(() => messageShape(arabic, 'de')).toThrow(/zero is not valid/);
    expect(() => messageShape('{count, plural, one {#}}', 'de')).toThrow(/no "other" case/);
  });

  it('the language menu’s list (common/locales.ts) is exactly the locales whose catalogs are present', () => {
    expect(localeListProblems(webCatalogs)).toEqual([]);
    const folder = mkdtempSync(join(tmpdir(), 'cuepoint-i18n-locales-'));
    try {
      for (const locale of ['en', 'de', 'ja', 'pseudo']) mkdirSync(join(folder, locale));
      const problems = localeListProblems({ catalogsDir: folder, locales: ['en', 'de', 'fr', 'pseudo'], pseudoLocale: 'pseudo' });
      expect(problems.map(({ locale }) => locale)).toEqual(['ja', 'fr']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
