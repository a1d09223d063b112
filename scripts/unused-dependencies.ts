/**
 * Runtime dependencies (package.json `dependencies`) that no source file imports: a package nothing uses still ships
 * with every install and every image, and its advisories still need answering. Run by `npm test` through
 * `npm run lint:unused-deps`; exits 1 naming them.
 *
 * Reads every .ts/.tsx/.js/.mjs/.cjs/.css/.html file under the source folders (server, common, db, web/src, seed,
 * scripts, client) and the build and tool configs at the root (Vite, Vitest, Drizzle, ESLint), and collects the
 * packages their imports name: `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `require('x')`,
 * and CSS `@import 'x'` / `@plugin 'x'`. A package whose only use is outside any import (an npm script's command,
 * a CLI) goes in `allowed` with the reason.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders whose files count as users of a runtime dependency. */
export const sourceFolders = ['server', 'common', 'db', 'web/src', 'seed', 'scripts', 'client'];

/** Config files at the root that import packages (the Vite plugins, for one). */
export const configFiles = ['web/vite.config.ts', 'web/index.html', 'vitest.config.ts', 'vitest.e2e.config.ts', 'drizzle.config.ts', 'drizzle.pg.config.ts', 'eslint.config.js'];

/** Runtime dependencies used without an import. */
export const allowed: Record<string, string> = {
  tsx: 'runs the TypeScript entries of the npm scripts (seed, build:server, db:copy, …) in production installs too',
};

const sourceFile = /[.](ts|tsx|js|mjs|cjs|css|html)$/;
const skippedFolders = new Set(['node_modules', 'dist', 'migrations']);

const importPatterns = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /@(?:import|plugin)\s+(?:url\()?['"]([^'"]+)['"]/g,
];

/** The package an import specifier names (`@scope/name/sub` → `@scope/name`), or null for a relative or aliased path. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes(':')) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) {
    if (parts.length < 2 || ['@server', '@db', '@web', '@common'].includes(parts[0]!)) return null;
    return `${parts[0]}/${parts[1]}`;
  }
  return parts[0] || null;
}

/** Every package the text's imports name. */
export function importedPackages(text: string): Set<string> {
  const found = new Set<string>();
  for (const pattern of importPatterns) {
    for (const match of text.matchAll(pattern)) {
      const name = packageOf(match[1]!);
      if (name) found.add(name);
    }
  }
  return found;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return sourceFile.test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return sourceFile.test(entry.name) ? [join(path, entry.name)] : [];
  });
}

export interface UnusedDependenciesOptions {
  folders?: string[];
  configs?: string[];
  allow?: Record<string, string>;
}

/** The runtime dependencies of `${root}/package.json` that no file imports and the allow-list does not name, sorted. */
export function unusedDependencies(root: string, { folders = sourceFolders, configs = configFiles, allow = allowed }: UnusedDependenciesOptions = {}): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const used = new Set<string>();
  for (const file of [...folders, ...configs].flatMap((path) => filesUnder(join(root, path)))) {
    for (const name of importedPackages(readFileSync(file, 'utf8'))) used.add(name);
  }
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => !used.has(name) && !Object.hasOwn(allow, name))
    .sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const unused = unusedDependencies(root);
  if (unused.length) {
    process.stderr.write(
      `Runtime dependencies no file imports (${relative(process.cwd(), join(root, 'package.json')) || 'package.json'}):\n` +
        `${unused.map((name) => `  - ${name}`).join('\n')}\n` +
        'Remove them (npm uninstall), or add them to `allowed` in scripts/unused-dependencies.ts with the reason.\n',
    );
    process.exit(1);
  }
  process.stdout.write('Every runtime dependency is imported.\n');
}
