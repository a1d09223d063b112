import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, ruleViolationLines } from '../helpers/dependency-rules';

/**
 * The web rules of `npm run lint:deps` (.dependency-cruiser.mjs) on tests/fixtures/layer-rules/web: two features that
 * import each other's public modules form a folder cycle even with no file cycle, and a web file that imports server/lib
 * breaks two rules; common/ and a domain's schemas are allowed.
 */
const fixture = join(projectRoot, 'tests/fixtures/layer-rules/web');

describe('the web rules of npm run lint:deps', () => {
  it('report two features that depend on each other and an import of server/lib, nothing the rules allow', async () => {
    expect(await ruleViolationLines(fixture, ['web/src', 'server', 'common'])).toEqual([
      'web-features-no-cycles: web/src/features/events → web/src/features/memberships',
      'web-features-no-cycles: web/src/features/memberships → web/src/features/events',
      'web-imports-only-shared-server-modules: web/src/features/viewer/viewer-dialog.ts → server/lib/ids.ts',
      'web-never-imports-server-lib: web/src/features/viewer/viewer-dialog.ts → server/lib/ids.ts',
    ]);
  });
});
