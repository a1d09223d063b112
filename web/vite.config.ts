import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceLocale } from '../common/locales';
import { compressAndHideMaps } from '../scripts/compress-and-hide-maps';
import { chunkCatalogs } from './vite-chunk-catalogs';
import { linguiMacro } from './vite-lingui-macro';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** WEB_DIST_DIR: build somewhere else than web/dist (parallel browser-test runs each keep their own build). */
const outDir = process.env.WEB_DIST_DIR ?? root('./dist');
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;
/** The message ids each module uses, collected by the macro plugin for the per-chunk catalogs. */
const messageIds = new Map<string, readonly string[]>();

export default defineConfig({
  root: root('.'),
  // Lingui's macros compile before React's transform; lingui() turns an imported .po catalog into its messages (the
  // dev server); a build gives each chunk its own catalogs instead (chunkCatalogs).
  plugins: [
    linguiMacro(messageIds),
    react(),
    lingui({ configPath: root('../lingui.config.ts') }),
    chunkCatalogs({ messageIds, catalogsDir: root('./src/locales'), sourceLocale }),
    tailwindcss(),
    compressAndHideMaps({ outDir, mapsDir: `${outDir}-maps` }),
  ],
  resolve: {
    alias: { '@common': root('../common'), '@server': root('../server'), '@db': root('../db'), '@web': root('./src') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      // The e-commerce sample's pictures, drawn by the server (server/domains/demo/ecommerce/ecommerce.images.ts).
      '/assets/images/ecommerce': apiTarget,
      '/m/': apiTarget,
      '/healthz': apiTarget,
      '/trpc': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Maps for error reports, unreferenced by the bundles and moved to web/dist-maps (never served).
    sourcemap: 'hidden',
    // web/dist/.vite/manifest.json: the chunk graph scripts/check-budgets.ts follows.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Small shared modules (icons, buttons, fields: under 6 KB of source) are copied into the chunks that use them
      // instead of each becoming a file of its own: a page then starts with about half as many requests (/login 10
      // instead of 18, the event page 24 instead of 58), which is what slows a first visit over HTTP/1.1. The copies
      // run in source order (strict execution order, which this turns on); the entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 6 * 1024 } },
      },
    },
  },
});
