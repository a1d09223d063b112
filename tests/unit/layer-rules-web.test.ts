import { join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The web rules of `npm run lint:deps` (.dependency-cruiser.mjs) on tests/fixtures/layer-rules/web: two features that
 * import each other's public modules form a folder cycle even with no file cycle, and a web file that imports server/lib
 * breaks two rules; common/ and a domain's schemas are allowed.
 */
const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/layer-rules/web');

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

describe('the web rules of npm run lint:deps', () => {
  it('report two features that depend on each other and an import of server/lib, nothing the rules allow', async () => {
    expect(await violations(['web/src', 'server', 'common'])).toEqual([
      'web-features-no-cycles: web/src/features/events → web/src/features/memberships',
      'web-features-no-cycles: web/src/features/memberships → web/src/features/events',
      'web-imports-only-shared-server-modules: web/src/features/viewer/viewer-dialog.ts → server/lib/ids.ts',
      'web-never-imports-server-lib: web/src/features/viewer/viewer-dialog.ts → server/lib/ids.ts',
    ]);
  });
});
