import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files worth compressing (images and fonts are compressed already). */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * After the build: moves the source maps out of the served folder (into `mapsDir`, for error reports; the bundles
 * do not reference them), then writes a brotli (.br, quality 11) and a gzip (.gz, level 9) file beside every text
 * asset, which @fastify/static sends with `preCompressed`.
 */
export function compressAndHideMaps(options: { outDir: string; mapsDir: string }): Plugin {
  return {
    name: 'cuepoint:compress-and-hide-maps',
    apply: 'build',
    async closeBundle() {
      const { outDir, mapsDir } = options;
      await rm(mapsDir, { recursive: true, force: true });
      const files = await filesUnder(outDir);
      for (const file of files.filter((name) => name.endsWith('.map'))) {
        const target = join(mapsDir, relative(outDir, file));
        await mkdir(dirname(target), { recursive: true });
        await rename(file, target);
      }
      await Promise.all(
        files
          .filter((name) => compressible.test(name))
          .map(async (file) => {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
