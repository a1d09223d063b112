import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A path inside the repository (the folder holding package.json), found upwards from this module: the same from the
 * TypeScript sources (run by tsx or vitest) and from the built server in dist/ (`npm run build:server`).
 */
export function projectPath(...segments: string[]): string {
  return join(projectRoot, ...segments);
}

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
