import { join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The seed rule of `npm run lint:deps` (.dependency-cruiser.mjs) on tests/fixtures/layer-rules/seed: the production
 * server (server/main.ts) reaches no seed code, however far down the import is; the start entry (seed/start.ts) may
 * import the server. (Packages are outside the cruise: tests/unit/production-server-bundle.test.ts looks for faker.)
 */
const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/layer-rules/seed');

async function violations(paths: string[]): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(fixture);
  try {
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.mjs'));
    const tsConfigFile = join(fixture, 'tsconfig.json');
    const answer = await cruise(paths, { ...options, tsConfig: { fileName: tsConfigFile } }, undefined, { tsConfig: extractTSConfig(tsConfigFile) });
    const result = answer.output as ICruiseResult;
    return result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
  } finally {
    process.chdir(previous);
  }
}

describe('the seed rule of npm run lint:deps', () => {
  it('report seed code the production server reaches, and not the entry that imports the server', async () => {
    expect(await violations(['server', 'seed'])).toEqual(['production-server-reaches-no-seed: server/main.ts → seed/accounts.ts']);
  });
});
