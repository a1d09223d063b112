import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

interface BabelResult {
  code?: string | null;
  map?: unknown;
}
interface Babel {
  transformAsync(code: string, options: Record<string, unknown>): Promise<BabelResult | null>;
}

const sourceFile = /\.[cm]?[jt]sx?$/;
const usesMacro = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;
/** A message descriptor as the macro writes it: `/*i18n*\/ { id: "…"`. */
const compiledDescriptor = /\/\*i18n\*\/\s*\{\s*id:\s*"([^"]+)"/g;

/**
 * Lingui's macros (`t`, `msg`, `<Trans>`, `<Plural>`) compiled by Babel before React's plugin sees the file: only files
 * that import `@lingui/core/macro` or `@lingui/react/macro` go through Babel, parsed as TypeScript and JSX and
 * otherwise left as written (the macro is the only transform). `messageIds`, when given, receives the message ids
 * each module's code uses (web/vite-chunk-catalogs.ts splits the catalogs by them).
 */
export function linguiMacro(messageIds?: Map<string, readonly string[]>): Plugin {
  const babel = require('@babel/core') as Babel;
  const macroPlugin = require.resolve('@lingui/babel-plugin-lingui-macro');
  return {
    name: 'cuepoint-lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!sourceFile.test(file) || file.includes('/node_modules/') || !usesMacro.test(code)) return null;
      const result = await babel.transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('.tsx') || file.endsWith('.jsx') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [macroPlugin],
      });
      if (!result?.code) return null;
      messageIds?.set(id, [...result.code.matchAll(compiledDescriptor)].map((match) => match[1]!));
      return { code: result.code, map: result.map as never };
    },
  };
}
