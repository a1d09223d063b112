import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAndHideMaps } from '../scripts/compress-and-hide-maps';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** WEB_DIST_DIR: build somewhere else than web/dist (parallel browser-test runs each keep their own build). */
const outDir = process.env.WEB_DIST_DIR ?? root('./dist');
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: root('.'),
  plugins: [react(), tailwindcss(), compressAndHideMaps({ outDir, mapsDir: `${outDir}-maps` })],
  resolve: {
    alias: { '@server': root('../server'), '@db': root('../db'), '@web': root('./src') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
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
  },
});
