import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The SPA: sources in web/, built into dist/ (the Fastify server serves that folder). Paths are
 * absolute so `vite build` works from any working directory (turbo runs it in the package).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // A .br and a .gz beside each text file, at the highest settings (once per build, not per
  // request): the server sends them as they are (server/static.ts, preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Every browser that runs this SPA (ES2020+, dynamic import) supports modulepreload; the
    // polyfill would only add bytes to the entry chunk.
    modulePreload: { polyfill: false },
  },
  server: {
    // `vite` (dev) serves the SPA; the API and its WebSocket come from the dashboard server.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true, changeOrigin: true },
    },
  },
});
