import { join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The store rule of `npm run lint:deps` (.dependency-cruiser.mjs, `the-sqlite-driver-stays-in-db`): better-sqlite3 and
 * Drizzle's driver over it are imported only from db/ within server/, common/, web/ and seed/. First on
 * tests/fixtures/layer-rules/store (db/ may; a platform file's type-only import, a domain's use of the Drizzle driver and the
 * seed's connection may not), then on the real tree, which has no such import.
 */
const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/layer-rules/store');
const rule = 'the-sqlite-driver-stays-in-db';

async function violations(cwd: string, paths: string[], tsConfigFile: string): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.mjs'));
    const answer = await cruise(paths, { ...options, tsConfig: { fileName: tsConfigFile } }, undefined, { tsConfig: extractTSConfig(tsConfigFile) });
    const result = answer.output as ICruiseResult;
    return result.summary.violations
      .filter((violation) => violation.rule.name === rule)
      .map((violation) => `${violation.from} → ${violation.to.replace(/^.*node_modules\//, '')}`)
      .sort();
  } finally {
    process.chdir(previous);
  }
}

describe('the SQLite driver stays in db/ (npm run lint:deps)', () => {
  it('reports server, platform and seed files that import better-sqlite3 or its Drizzle driver, not db/', async () => {
    const found = await violations(fixture, ['db', 'server', 'seed'], join(fixture, 'tsconfig.json'));
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^seed\/index\.ts → better-sqlite3\//);
    expect(found[1]).toMatch(/^server\/domains\/users\/session-reads\.ts → drizzle-orm\/better-sqlite3\//);
    expect(found[2]).toMatch(/^server\/platform\/cache\.ts → better-sqlite3\//);
  });

  it('finds no such import in the real tree', async () => {
    expect(await violations(root, ['server', 'common', 'web/src', 'seed'], join(root, 'tsconfig.json'))).toEqual([]);
  }, 120_000);
});
