import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The project's eslint.config.js as it is, minus type information: the fixtures are texts, not files of the
 * TypeScript project, and max-lines needs no types (the type-aware rules are turned off, as typescript-eslint's
 * `disableTypeChecked` does for files outside a project).
 */
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** A source text of exactly `count` lines (each ends with a newline, as files do). */
function linesOf(count: number): string {
  return Array.from({ length: count }, (_, n) => `export const line${n + 1} = ${n + 1};\n`).join('');
}

async function maxLinesMessages(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${filePath}` });
  // The fixture was linted (not ignored, parsed): only then does an empty answer mean the rule let it pass.
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === 'max-lines').map((message) => message.message);
}

// One fixture file per tree the rule covers (names that exist nowhere, so nothing real is linted).
const covered = ['server/domains/max-lines-fixture.ts', 'common/max-lines-fixture.ts', 'db/max-lines-fixture.ts', 'web/src/max-lines-fixture.tsx', 'seed/max-lines-fixture.ts'];

describe('ESLint max-lines (400, every line counted)', () => {
  it.each(covered)('reports a 401-line file in %s', async (filePath) => {
    expect(await maxLinesMessages(linesOf(401), filePath)).toEqual([expect.stringContaining('Maximum allowed is 400')]);
  });

  it.each(covered)('lets a 400-line file in %s pass', async (filePath) => {
    expect(await maxLinesMessages(linesOf(400), filePath)).toEqual([]);
  });

  it('counts blank lines and comments too', async () => {
    const text = `${linesOf(300)}${'\n'.repeat(50)}${'// a comment\n'.repeat(51)}`;
    expect(await maxLinesMessages(text, covered[0]!)).toHaveLength(1);
  });

  it('leaves tests alone', async () => {
    expect(await maxLinesMessages(linesOf(401), 'tests/unit/max-lines-fixture.test.ts')).toEqual([]);
  });
});
