/**
 * Prints the messages (msgids, exactly as `lingui extract` writes them) the extractor finds in the given files or
 * folders, one JSON string per line: what a translator writes translations for.
 * Usage: npx tsx scripts/i18n-msgids.ts web/src/features/events [more paths…]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import linguiApi from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

function sourceFiles(path: string): string[] {
  if (statSync(path).isFile()) return /\.(ts|tsx)$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
}

export async function messageIdsIn(paths: readonly string[]): Promise<string[]> {
  const linguiConfig = getConfig({ cwd: process.cwd() });
  const found = new Set<string>();
  for (const file of paths.flatMap((path) => sourceFiles(resolve(path)))) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('@lingui/')) continue;
    await linguiApi.extractor.extract(file, code, (message) => found.add(message.message ?? message.id), { linguiConfig });
  }
  return [...found].sort();
}

if (process.argv[1]?.endsWith('i18n-msgids.ts')) {
  for (const id of await messageIdsIn(process.argv.slice(2))) process.stdout.write(`${JSON.stringify(id)}\n`);
}
