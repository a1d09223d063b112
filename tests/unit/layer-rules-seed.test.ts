import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, ruleViolationLines } from '../helpers/dependency-rules';

/**
 * The seed rule of `npm run lint:deps` (.dependency-cruiser.mjs) on tests/fixtures/layer-rules/seed: the production
 * server (server/main.ts) reaches no seed code, however far down the import is; the start entry (seed/start.ts) may
 * import the server. (Packages are outside the cruise: tests/unit/production-server-bundle.test.ts looks for faker.)
 */
const fixture = join(projectRoot, 'tests/fixtures/layer-rules/seed');

describe('the seed rule of npm run lint:deps', () => {
  it('report seed code the production server reaches, and not the entry that imports the server', async () => {
    expect(await ruleViolationLines(fixture, ['server', 'seed'])).toEqual(['production-server-reaches-no-seed: server/main.ts → seed/accounts.ts']);
  });
});
