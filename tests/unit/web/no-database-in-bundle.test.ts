import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const aliases: Record<string, string> = { '@common/': 'common/', '@server/': 'server/', '@db/': 'db/', '@web/': 'web/src/' };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  for (const [alias, folder] of Object.entries(aliases)) if (specifier.startsWith(alias)) base = join(root, folder, specifier.slice(alias.length));
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Imports that survive compilation (`import type` and `export type` are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) specifiers.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

describe('the web bundle', () => {
  it('never reaches database code (Drizzle tables, db/) through any import chain', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of runtimeImports(file)) {
        if (specifier.startsWith('drizzle-orm') || specifier === 'better-sqlite3') {
          offenders.push([...chain, file, specifier].map((part) => part.replace(`${root}/`, '')).join(' → '));
          continue;
        }
        const target = resolveImport(file, specifier);
        if (!target) continue;
        if (target.startsWith(join(root, 'db/'))) {
          offenders.push([...chain, file, target].map((part) => part.replace(`${root}/`, '')).join(' → '));
          continue;
        }
        visit(target, [...chain, file]);
      }
    };
    for (const file of sourceFiles(join(root, 'web/src'))) visit(file, []);
    expect(offenders).toEqual([]);
    expect(seen.has(join(root, 'common/roles.ts'))).toBe(true);
  });
});
