import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot as root, ruleViolationLines } from '../helpers/dependency-rules';

/**
 * The rules of `npm run lint:deps` (.dependency-cruiser.mjs and .dependency-cruiser-domains.mjs) on a small tree laid
 * out like ours: each file breaks one rule or stands for an import the rules allow, and exactly the breaks are reported.
 */

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      paths: { '@common/*': ['./common/*'], '@server/*': ['./server/*'], '@db/*': ['./db/*'], '@web/*': ['./web/src/*'] },
    },
  }),

  'common/roles.ts': `import { z } from 'zod';\nexport const role = z.string();\n`,
  'common/leaks.ts': `import { domainValue } from '@server/domains/alpha/alpha.service';\nexport const leaked = domainValue;\n`,
  'common/reads-files.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n`,
  'common/node/paths.ts': `import { join } from 'node:path';\nexport const here = join('.');\n`,

  'db/schema/users.ts': `import { role } from '../../common/roles';\nexport const users = role;\n`,
  'db/schema/events.ts': `import type { AlphaType } from '../../server/domains/alpha/alpha.values';\nexport type Row = AlphaType;\n`,

  'server/config.ts': `export interface AppConfig { dataDir: string }\nexport const secretFile = (config: AppConfig) => config.dataDir;\n`,
  'server/lib/handed.ts': `import type { AppConfig } from '@server/config';\nexport const dir = (config: AppConfig) => config.dataDir;\n`,
  'server/lib/reads-config.ts': `import { secretFile } from '@server/config';\nexport const file = secretFile;\n`,
  'server/lib/calls-a-domain.ts': `import { domainValue } from '@server/domains/alpha/alpha.service';\nexport const value = domainValue;\n`,
  'server/lib/missing.ts': `import { gone } from '@server/lib/not-there';\nexport const value = gone;\n`,
  'server/platform/engine.ts': `import type { AppConfig } from '@server/config';\nimport { dir } from '@server/lib/handed';\nexport const engine = (config: AppConfig) => dir(config);\n`,
  'server/platform/knows-a-domain.ts': `import type { AlphaType } from '@server/domains/alpha/alpha.values';\nexport type Known = AlphaType;\n`,
  'server/providers/mail/sends.ts': `import { engine } from '@server/platform/engine';\nexport const send = engine;\n`,
  'server/providers/mail/knows-a-domain.ts': `import { alphaSchema } from '@server/domains/alpha/alpha.schemas';\nexport const known = alphaSchema;\n`,
  'server/services.ts': `import type { engine } from '@server/platform/engine';\nexport interface Services { engine: typeof engine }\n`,
  'server/composition.ts': [
    `import type { AlphaService } from '@server/domains/alpha/alpha.service';`,
    `import type { BetaRuntime } from '@server/domains/beta/beta.runtime';`,
    `import type { Services } from '@server/services';`,
    `export type AppServices = Services & { alpha: AlphaService; beta: BetaRuntime };`,
    ``,
  ].join('\n'),
  'server/domains/beta/beta.runtime.ts': `import type { AppServices } from '@server/composition';\nexport interface BetaRuntime { services?: AppServices }\n`,
  'server/trpc/context.ts': `import type { AppServices } from '@server/composition';\nexport interface Context { services: AppServices }\n`,
  'server/trpc/init.ts': `import type { Context } from './context';\nexport const procedure = (context: Context) => context;\n`,
  'server/trpc/root.ts': `export const appRouter = {};\nexport type AppRouter = typeof appRouter;\n`,
  'server/domains/alpha/alpha.values.ts': `export type AlphaType = 'a';\n`,
  'server/domains/alpha/alpha.schemas.ts': `export const alphaSchema = 1;\n`,
  'server/domains/alpha/alpha.service.ts': [
    `import type { Services } from '@server/services';`,
    `import { betaValue } from '@server/domains/beta/beta.service';`,
    `export interface AlphaService { services?: Services }`,
    `export const domainValue = betaValue;`,
    ``,
  ].join('\n'),
  'server/domains/alpha/alpha.socket.ts': `import { procedure } from '@server/trpc/init';\nexport const transport = procedure;\n`,
  'server/domains/alpha/reads-context.ts': `import type { Context } from '@server/trpc/context';\nexport type Read = Context;\n`,
  'server/domains/alpha/names-the-container.ts': `import type { AppServices } from '@server/composition';\nexport type Named = AppServices;\n`,
  'server/domains/alpha/alpha.router.ts': [
    `import { alphaSchema } from './alpha.schemas';`,
    `import { betaSchema } from '@server/domains/beta/beta.schemas';`,
    `import { betaValue } from '@server/domains/beta/beta.service';`,
    `import { procedure } from '@server/trpc/init';`,
    `export const router = [alphaSchema, betaSchema, betaValue, procedure];`,
    ``,
  ].join('\n'),
  'server/domains/beta/beta.schemas.ts': `export const betaSchema = 2;\n`,
  'server/domains/beta/beta.service.ts': `import type { AlphaService } from '@server/domains/alpha/alpha.service';\nexport const betaValue = 2 as unknown as AlphaService;\n`,
  'common/contrast.ts': `export const contrast = 1;\n`,
  'common/page-paths.ts': `export const paths = [];\n`,

  'seed/first.ts': `import { second } from './second';\nexport const first = () => second;\n`,
  'seed/second.ts': `import type { first } from './first';\nexport const second: typeof first | null = null;\n`,
  'seed/runtime-one.ts': `import { two } from './runtime-two';\nexport const one = () => two;\n`,
  'seed/runtime-two.ts': `import { one } from './runtime-one';\nexport const two = () => one;\n`,

  'web/src/lib/trpc.ts': `import type { AppRouter } from '@server/trpc/root';\nexport type Router = AppRouter;\n`,
  'web/src/lib/router-value.ts': `import { appRouter } from '@server/trpc/root';\nexport const router = appRouter;\n`,
  'web/src/lib/uses-app.ts': `import { App } from '@web/app/router';\nexport const app = App;\n`,
  'web/src/app/router.tsx': `import { ShellPage } from '@web/features/shell/shell-page';\nexport const App = ShellPage;\n`,
  'web/src/components/button.tsx': `import { hidden } from '@web/features/shell/internal';\nexport const Button = hidden;\n`,
  'web/src/features/shell/internal.ts': [
    `import { alphaSchema } from '@server/domains/alpha/alpha.schemas';`,
    `import { contrast } from '@common/contrast';`,
    `import { paths } from '@common/page-paths';`,
    `import { role } from '@common/roles';`,
    `export const hidden = [alphaSchema, contrast, paths, role];`,
    ``,
  ].join('\n'),
  'web/src/features/other/uses-app.ts': `import { App } from '@web/app/router';\nexport const app = App;\n`,
  'web/src/features/shell/public.ts': `export { hidden as shared } from './internal';\n`,
  'web/src/features/shell/shell-page.tsx': `export const ShellPage = () => null;\n`,
  'web/src/features/other/uses-shell.ts': [
    `import { shared } from '@web/features/shell/public';`,
    `import { hidden } from '@web/features/shell/internal';`,
    `import { ShellPage } from '@web/features/shell/shell-page';`,
    `export const lazyPage = () => import('@web/features/shell/shell-page');`,
    `export const all = [shared, hidden, ShellPage];`,
    ``,
  ].join('\n'),
  'web/src/features/other/server-code.ts': [
    `import { domainValue } from '@server/domains/alpha/alpha.service';`,
    `import { users } from '@db/schema/users';`,
    `import { here } from '@common/node/paths';`,
    `export const all = [domainValue, users, here];`,
    ``,
  ].join('\n'),
};

let fixture: string;

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'cp-dependency-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  symlinkSync(join(root, 'node_modules'), join(fixture, 'node_modules'), 'dir');
});

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('npm run lint:deps', () => {
  it('reports every import across the layers’ rules, and nothing the rules allow', async () => {
    expect(await ruleViolationLines(fixture, ['common', 'db', 'server', 'web/src', 'seed'], '.dependency-cruiser.mjs')).toEqual(
      [
        'common-imports-nothing-of-ours: common/leaks.ts → server/domains/alpha/alpha.service.ts',
        'common-runs-in-the-browser: common/reads-files.ts → fs',
        'db-imports-only-common: db/schema/events.ts → server/domains/alpha/alpha.values.ts',
        'server-lib-holds-pure-helpers: server/lib/calls-a-domain.ts → server/domains/alpha/alpha.service.ts',
        'server-lib-and-platform-are-handed-their-config: server/lib/reads-config.ts → server/config.ts',
        'platform-under-the-domains: server/platform/knows-a-domain.ts → server/domains/alpha/alpha.values.ts',
        'providers-know-no-domain: server/providers/mail/knows-a-domain.ts → server/domains/alpha/alpha.schemas.ts',
        'domain-services-stay-out-of-the-trpc-layer: server/domains/alpha/reads-context.ts → server/trpc/context.ts',
        'domains-never-name-the-container: server/domains/alpha/names-the-container.ts → server/composition.ts',
        'domains-never-name-the-container: server/domains/beta/beta.runtime.ts → server/composition.ts',
        'no-cycles: server/composition.ts → server/domains/beta/beta.runtime.ts',
        'imports-resolve: server/lib/missing.ts → @server/lib/not-there',
        'routers-call-their-own-domain: server/domains/alpha/alpha.router.ts → server/domains/beta/beta.service.ts',
        'no-cycles: server/domains/alpha/alpha.service.ts → server/domains/beta/beta.service.ts',
        'no-cycles: seed/first.ts → seed/second.ts',
        'no-cycles: seed/runtime-one.ts → seed/runtime-two.ts',
        'no-runtime-cycles: seed/runtime-one.ts → seed/runtime-two.ts',
        'web-names-the-router-type-only: web/src/lib/router-value.ts → server/trpc/root.ts',
        'web-lib-under-components-features-and-app: web/src/lib/uses-app.ts → web/src/app/router.tsx',
        'web-components-under-features-and-app: web/src/components/button.tsx → web/src/features/shell/internal.ts',
        'web-features-under-app: web/src/features/other/uses-app.ts → web/src/app/router.tsx',
        'web-features-use-public-surfaces: web/src/features/other/uses-shell.ts → web/src/features/shell/internal.ts',
        'web-features-load-other-pages-lazily: web/src/features/other/uses-shell.ts → web/src/features/shell/shell-page.tsx',
        'web-imports-only-shared-server-modules: web/src/features/other/server-code.ts → server/domains/alpha/alpha.service.ts',
        'web-imports-no-database-or-node-code: web/src/features/other/server-code.ts → db/schema/users.ts',
        'web-imports-no-database-or-node-code: web/src/features/other/server-code.ts → common/node/paths.ts',
      ].sort(),
    );
  });

  it('reports a cycle between domain folders, type-only imports included', async () => {
    expect(await ruleViolationLines(fixture, ['server/domains'], '.dependency-cruiser-domains.mjs')).toEqual([
      'no-domain-cycles: server/domains/alpha → server/domains/beta',
      'no-domain-cycles: server/domains/beta → server/domains/alpha',
    ]);
  });
});
