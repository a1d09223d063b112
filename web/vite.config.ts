import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: root('.'),
  plugins: [react(), tailwindcss()],
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
  build: { outDir: root('./dist'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
