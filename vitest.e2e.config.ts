import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './web/vite-lingui-macro';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Browser tests: a real server on loopback and Debian's Chromium driven by playwright-core. */
export default defineConfig({
  // Browser tests import web modules (navigation tables, route titles) written with Lingui's macros.
  plugins: [linguiMacro(), lingui({ configPath: root('./lingui.config.ts') })],
  resolve: {
    alias: { '@common': root('./common'), '@server': root('./server'), '@db': root('./db'), '@web': root('./web/src') },
  },
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
