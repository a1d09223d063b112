/**
 * Builds the server for `npm start` and the container: seed/start.ts (the server, server/main.ts, with its start-up
 * seed), the seed command (seed/index.ts, for `--reset-demo` in the container) and the benchmark's servers (so `npm run
 * bench` measures what production runs), bundled into dist/node/ as plain JavaScript run by `node`.
 * Packages stay in node_modules; files the server reads at run time (db/migrations, web/dist, the installable app's
 * scripts) are found from the repository root (common/node/project-paths.ts).
 *
 * tsx is for development only: it compiles with esbuild's keepNames, which wraps every function created at run
 * time (each request's closures) in a property definition.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const serverEntryPoints = ['seed/start.ts', 'seed/index.ts', 'bench/app-server.ts', 'bench/bare-server.ts', 'server/domains/live/webrtc/media-worker.ts'];

/** Where the build goes: dist/node/seed/start.js, dist/node/bench/app-server.js, ... */
export const serverBuildDir = join(root, 'dist', 'node');

export async function buildServer(outdir = serverBuildDir): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: serverEntryPoints,
    outdir,
    outbase: '.',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@common': './common', '@server': './server', '@db': './db' },
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
