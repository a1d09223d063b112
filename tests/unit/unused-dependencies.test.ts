import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, packageOf, unusedDependencies } from '../../scripts/unused-dependencies';

const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/unused-dependencies');

describe('scripts/unused-dependencies.ts', () => {
  it('names the runtime dependency no file imports, and not the allowed one, a devDependency or a CSS import', () => {
    expect(unusedDependencies(fixture, { allow: { runner: 'an npm script runs it' } })).toEqual(['never-imported']);
    expect(unusedDependencies(fixture, { allow: {} })).toEqual(['never-imported', 'runner']);
  });

  it('reads static, type-only, dynamic and CSS imports, and skips relative paths, aliases and Node’s modules', () => {
    const text = [
      `import a from 'alpha/sub';`,
      `import type { B } from '@beta/core/types';`,
      `export { c } from 'gamma';`,
      `import 'side-effect';`,
      `const d = await import('delta');`,
      `const e = require('epsilon');`,
      `import { f } from './local';`,
      `import { g } from '@server/lib/ids';`,
      `import { h } from 'node:fs';`,
      `@import 'tailwindcss';`,
    ].join('\n');
    expect([...importedPackages(text)].sort()).toEqual(['@beta/core', 'alpha', 'delta', 'epsilon', 'gamma', 'side-effect', 'tailwindcss']);
    expect(packageOf('@web/features/viewer/public')).toBeNull();
  });

  it('finds every runtime dependency of this repository imported (or allowed)', () => {
    expect(unusedDependencies(root)).toEqual([]);
  });
});
