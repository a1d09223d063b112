/**
 * Size budgets of the web build, read from the build output (sizes are deterministic; timings live in bench/).
 * Run by `npm test` through `npm run check:budgets`, which builds first, so it also works on a clean clone.
 *
 * - main entry: the entry chunk and everything it imports statically ≤ 100 KB brotli, with no server code
 *   (only the shared *.schemas.ts modules, the role list and the page paths), no Drizzle, no database code and no
 *   pdf.js;
 * - pdf.js only when a PDF is shown: no entry or route chunk pulls pdf.js in statically (it is a dynamic import
 *   of the PDF viewer), and the pdf.js worker is a separate file.
 * The JavaScript and messages a guest's /login loads (≤ `budgets.loginBytes`) depends on what the page imports at run time, which
 * the chunk graph cannot tell: tests/e2e/speed.e2e.ts measures it in Chromium.
 *
 * Reads the build's .vite/manifest.json (the chunk graph), the .br files beside the assets and the source maps in
 * the maps folder beside it (which modules a chunk holds): web/dist and web/dist-maps, or WEB_DIST_DIR and
 * `${WEB_DIST_DIR}-maps`. Exits 1 and names the offenders when a budget is broken.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const kilobyte = 1024;
/**
 * `loginBytes`: the JavaScript and message catalogs a guest's /login transfers in English, `germanLoginBytes` in
 * German (its words are longer), measured in the browser by tests/e2e/speed.e2e.ts (figures in docs/operations.md).
 */
export const budgets = { mainEntryBytes: 100 * kilobyte, loginBytes: 120 * kilobyte, germanLoginBytes: 126 * kilobyte };

/** Modules no browser chunk may contain. */
const forbiddenInBundle: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /node_modules\/drizzle-orm\//, why: 'Drizzle' },
  { pattern: /node_modules\/better-sqlite3\//, why: 'the SQLite driver' },
  { pattern: /^db\//, why: 'database code (db/)' },
];
/** The first screen also holds no server code but the shared zod schemas and the page paths (common/ is no server code). */
const forbiddenInEntry: Array<{ pattern: RegExp; why: string }> = [
  ...forbiddenInBundle,
  { pattern: /^server\/(?!.*\.schemas\.ts$)/, why: 'server code' },
];
/** pdf.js itself (the worker's `?url` import is only its address). */
const pdfJs = /node_modules\/pdfjs-dist\/(?!.*\?url$)/;

export interface BudgetReport {
  lines: string[];
  failures: string[];
}

/** `dist`: a web build (web/dist); its source maps are in `${dist}-maps`, where the build moves them. */
export function checkBudgets(dist: string, mapsDir = `${dist}-maps`): BudgetReport {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const lines: string[] = [];
  const failures: string[] = [];

  const compressedSize = (file: string) => {
    const path = join(dist, file);
    if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
    return brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  };
  const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const modulesOf = (file: string): string[] => {
    const mapPath = join(mapsDir, `${file}.map`);
    if (!existsSync(mapPath)) return [];
    // Project files relative to the repository ("server/...", "db/..."); packages from their node_modules folder on.
    return (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources.map((source) => {
      const fromPackages = source.lastIndexOf('node_modules/');
      return fromPackages >= 0 ? source.slice(fromPackages) : source.replace(/^(\.\.\/)+/, '');
    });
  };

  /** A chunk and everything it imports statically (what loads before it runs). */
  const staticClosure = (keys: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...seen];
  };
  const jsFiles = (keys: string[]) => keys.map((key) => manifest[key]!.file).filter((file) => /\.m?js$/.test(file));
  const total = (files: string[], size: (file: string) => number) => files.reduce((sum, file) => sum + size(file), 0);
  const kb = (bytes: number) => `${(bytes / kilobyte).toFixed(1)} KB`;

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entryKeys.length !== 1) failures.push(`expected one entry chunk in the manifest, found ${entryKeys.length}`);
  const entryFiles = jsFiles(staticClosure(entryKeys));
  const entryBytes = total(entryFiles, compressedSize);
  lines.push(`main entry: ${kb(entryBytes)} brotli (${kb(total(entryFiles, gzipSize))} gzip) in ${entryFiles.length} file(s), budget ${kb(budgets.mainEntryBytes)}`);
  if (entryBytes > budgets.mainEntryBytes) failures.push(`main entry is ${kb(entryBytes)} brotli, over ${kb(budgets.mainEntryBytes)}`);
  for (const file of entryFiles) {
    for (const module of modulesOf(file)) {
      const forbidden = forbiddenInEntry.find(({ pattern }) => pattern.test(module));
      if (forbidden) failures.push(`main entry (${file}) contains ${forbidden.why}: ${module}`);
      if (pdfJs.test(module)) failures.push(`main entry (${file}) contains pdf.js: ${module}`);
    }
  }

  // Every chunk that can start loading on its own (the entry, each lazy route or component) must reach pdf.js only
  // through a dynamic import, and no chunk anywhere may hold server or database code.
  const pdfChunks = new Set(Object.keys(manifest).filter((key) => modulesOf(manifest[key]!.file).some((module) => pdfJs.test(module))));
  if (pdfChunks.size === 0) failures.push('no chunk holds pdf.js: the check below would pass vacuously');
  for (const key of Object.keys(manifest)) {
    const chunk = manifest[key]!;
    if (!(chunk.isEntry || chunk.isDynamicEntry) || pdfChunks.has(key)) continue;
    const pulled = staticClosure([key]).filter((imported) => pdfChunks.has(imported));
    if (pulled.length) failures.push(`${chunk.src ?? key} loads pdf.js statically (${pulled.map((imported) => manifest[imported]!.file).join(', ')})`);
  }
  for (const chunk of Object.values(manifest)) {
    for (const module of modulesOf(chunk.file)) {
      const forbidden = forbiddenInBundle.find(({ pattern }) => pattern.test(module));
      if (forbidden) failures.push(`${chunk.file} contains ${forbidden.why}: ${module}`);
    }
  }
  lines.push(`pdf.js: ${[...pdfChunks].map((key) => `${manifest[key]!.file} (${kb(compressedSize(manifest[key]!.file))} brotli)`).join(', ')}, loaded only by a dynamic import`);
  return { lines, failures: [...new Set(failures)] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../web/dist', import.meta.url));
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
    process.stderr.write(`${dist} has no build manifest: run \`npm run build\` first (or \`npm run check:budgets\`, which does)\n`);
    process.exit(1);
  }
  const { lines, failures } = checkBudgets(dist);
  for (const line of lines) process.stdout.write(`${line}\n`);
  if (failures.length) {
    process.stderr.write(`\nBudget check failed:\n${failures.map((failure) => `  - ${failure}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write('All size budgets met.\n');
}
