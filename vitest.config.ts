import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './web/vite-lingui-macro';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // Web unit tests import components written with Lingui's macros and the .po catalogs.
  plugins: [linguiMacro(), lingui({ configPath: root('./lingui.config.ts') })],
  resolve: {
    alias: { '@common': root('./common'), '@server': root('./server'), '@db': root('./db'), '@web': root('./web/src') },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // TEST_ENGINES=postgres,redis: one PostgreSQL and one Redis for the run; every test app gets its own database and prefix.
    globalSetup: process.env.TEST_ENGINES ? ['tests/engines/global-engines.ts'] : [],
  },
});
