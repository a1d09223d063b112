import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * How the web app reaches the server (docs/architecture.md, "How the web calls the server"). The layers themselves
 * (lib/ under the app, features through their public modules) are rules of `npm run lint:deps`.
 */
const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The web app's modules (outside `allowed`) whose text matches `pattern`. */
function webModulesMatching(pattern: RegExp, allowed: string[]): string[] {
  return sourceFiles(join(root, 'web/src'))
    .map((file) => relative(root, file))
    .filter((file) => !allowed.includes(file) && pattern.test(readFileSync(join(root, file), 'utf8')));
}

describe('how the web app reaches the server', () => {
  it('through one tRPC client: only lib/trpc.ts imports @trpc/client (links, websockets, clients)', () => {
    expect(webModulesMatching(/from '@trpc\/client'/, ['web/src/lib/trpc.ts'])).toEqual([]);
  });

  // lib/i18n/i18n.ts fetches the build's static message catalogs (assets/i18n/*.json), no server call.
  it('with fetch and XMLHttpRequest only in lib/upload.ts, lib/download.ts and the catalogs loader', () => {
    expect(webModulesMatching(/(?<![.\w])fetch\(|XMLHttpRequest|new WebSocket\(/, ['web/src/lib/upload.ts', 'web/src/lib/download.ts', 'web/src/lib/i18n/i18n.ts'])).toEqual([]);
  });
});
