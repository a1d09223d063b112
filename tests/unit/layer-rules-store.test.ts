import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, ruleViolations } from '../helpers/dependency-rules';

/**
 * The store rule of `npm run lint:deps` (.dependency-cruiser.mjs, `the-sqlite-driver-stays-in-db`): better-sqlite3 and
 * Drizzle's driver over it are imported only from db/ within server/, common/, web/ and seed/. First on
 * tests/fixtures/layer-rules/store (db/ may; a platform file's type-only import, a domain's use of the Drizzle driver and the
 * seed's connection may not), then on the real tree, which has no such import.
 */
const fixture = join(projectRoot, 'tests/fixtures/layer-rules/store');
const rule = 'the-sqlite-driver-stays-in-db';

async function violations(cwd: string, paths: string[]): Promise<string[]> {
  return (await ruleViolations(cwd, paths))
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => `${violation.from} → ${violation.to.replace(/^.*node_modules\//, '')}`)
    .sort();
}

describe('the SQLite driver stays in db/ (npm run lint:deps)', () => {
  it('reports server, platform and seed files that import better-sqlite3 or its Drizzle driver, not db/', async () => {
    const found = await violations(fixture, ['db', 'server', 'seed']);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^seed\/index\.ts → better-sqlite3\//);
    expect(found[1]).toMatch(/^server\/domains\/users\/session-reads\.ts → drizzle-orm\/better-sqlite3\//);
    expect(found[2]).toMatch(/^server\/platform\/cache\.ts → better-sqlite3\//);
  });

  it('finds no such import in the real tree', async () => {
    expect(await violations(projectRoot, ['server', 'common', 'web/src', 'seed'])).toEqual([]);
  }, 120_000);
});
