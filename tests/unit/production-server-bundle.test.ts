import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The production server (server/main.ts, bundled as scripts/build-server.ts bundles it) holds no seed code and imports
 * no faker: the start-up seed is handed to it by its entry, seed/start.ts (`npm start`, the container).
 */
const root = resolve(import.meta.dirname, '../..');

async function bundleOf(entry: string) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@common': './common', '@server': './server', '@db': './db' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const packages = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
  return { inputs, packages };
}

describe('the production server bundle', () => {
  it('holds no seed code and imports no faker', async () => {
    const { inputs, packages } = await bundleOf('server/main.ts');
    expect(inputs).toContain('server/app.ts');
    expect(inputs.filter((input) => input.startsWith('seed/'))).toEqual([]);
    expect(packages).toContain('fastify');
    expect(packages.filter((name) => name.startsWith('@faker-js/'))).toEqual([]);
  });

  it('is what the start entry runs, with the seed (and faker) beside it', async () => {
    const { inputs, packages } = await bundleOf('seed/start.ts');
    expect(inputs).toEqual(expect.arrayContaining(['server/main.ts', 'seed/seed.ts']));
    expect(packages).toContain('@faker-js/faker');
  });
});
