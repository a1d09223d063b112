import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudgets } from '../../../scripts/check-budgets';

interface FakeChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  bytes: number;
  sources: string[];
}

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A build: dist/.vite/manifest.json, dist/<file>.br and dist-maps/<file>.map beside it; answers the dist folder. */
function fakeBuild(chunks: Record<string, FakeChunk>): string {
  const web = mkdtempSync(join(tmpdir(), 'budgets-'));
  folders.push(web);
  const manifest: Record<string, Omit<FakeChunk, 'bytes' | 'sources'>> = {};
  for (const [key, { bytes, sources, ...chunk }] of Object.entries(chunks)) {
    manifest[key] = chunk;
    for (const [path, content] of [
      [join(web, 'dist', chunk.file), 'x'],
      [join(web, 'dist', `${chunk.file}.br`), Buffer.alloc(bytes)],
      [join(web, 'dist-maps', `${chunk.file}.map`), JSON.stringify({ sources })],
    ] as const) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  mkdirSync(join(web, 'dist', '.vite'), { recursive: true });
  writeFileSync(join(web, 'dist', '.vite', 'manifest.json'), JSON.stringify(manifest));
  return join(web, 'dist');
}

const kb = 1024;
const pdfChunk: FakeChunk = { file: 'assets/pdf-1.js', src: 'node_modules/pdfjs-dist/build/pdf.mjs', isDynamicEntry: true, bytes: 97 * kb, sources: ['../../node_modules/pdfjs-dist/build/pdf.mjs'] };
const viewer: FakeChunk = { file: 'assets/viewer-1.js', src: 'src/features/terms/pdf-viewer.tsx', isDynamicEntry: true, dynamicImports: ['pdf'], bytes: kb, sources: ['../../src/features/terms/pdf-viewer.tsx'] };
const login: FakeChunk = { file: 'assets/login-page-1.js', src: 'src/features/auth/login-page.tsx', isDynamicEntry: true, bytes: 10 * kb, sources: ['../../src/features/auth/login-page.tsx'] };

function build(entry: Partial<FakeChunk> = {}, extra: Record<string, FakeChunk> = {}) {
  return fakeBuild({
    'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['login', 'viewer'], bytes: 80 * kb, sources: ['../../node_modules/react-dom/index.js'], ...entry },
    login,
    viewer,
    pdf: pdfChunk,
    ...extra,
  });
}

describe('size budgets', () => {
  it('passes a build within the budgets with pdf.js behind a dynamic import', () => {
    const report = checkBudgets(build());
    expect(report.failures).toEqual([]);
    expect(report.lines.join('\n')).toContain('main entry: 80.0 KB brotli');
  });

  it('fails a main entry over 100 KB', () => {
    const report = checkBudgets(build({ bytes: 115 * kb }));
    expect(report.failures).toEqual(['main entry is 115.0 KB brotli, over 100.0 KB']);
  });

  it('counts what the entry imports statically', () => {
    const report = checkBudgets(build({ imports: ['vendor'] }, { vendor: { file: 'assets/vendor-1.js', bytes: 30 * kb, sources: ['../../node_modules/zod/index.js'] } }));
    expect(report.failures).toContain('main entry is 110.0 KB brotli, over 100.0 KB');
  });

  it('fails when Drizzle, db code or server code reaches the bundle', () => {
    const report = checkBudgets(
      build({ sources: ['../../node_modules/react-dom/index.js', '../../../server/domains/users/users.service.ts', '../../../server/domains/users/users.schemas.ts'] }, {
        form: { file: 'assets/form-1.js', isDynamicEntry: true, bytes: kb, sources: ['../../../main/node_modules/drizzle-orm/table.js', '../../../db/schema/users.ts'] },
      }),
    );
    expect(report.failures).toEqual([
      'main entry (assets/index-1.js) contains server code: server/domains/users/users.service.ts',
      'assets/form-1.js contains Drizzle: node_modules/drizzle-orm/table.js',
      'assets/form-1.js contains database code (db/): db/schema/users.ts',
    ]);
  });

  it('lets the entry hold the shared schemas, the role list and the page paths (server files without server code)', () => {
    const shared = ['../../../server/domains/users/users.schemas.ts', '../../../common/roles.ts', '../../../common/page-paths.ts'];
    const report = checkBudgets(build({ sources: ['../../node_modules/react-dom/index.js', ...shared] }));
    expect(report.failures).toEqual([]);
  });

  it('fails when a route chunk or the entry loads pdf.js statically', () => {
    const report = checkBudgets(build({}, { viewer: { ...viewer, imports: ['pdf'], dynamicImports: [] } }));
    expect(report.failures).toEqual(['src/features/terms/pdf-viewer.tsx loads pdf.js statically (assets/pdf-1.js)']);
  });
});
