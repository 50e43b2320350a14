import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  // FOLIO_WEB_OUT lets parallel end-to-end runs build into their own directory (with WEB_DIR)
  build: {
    outDir: process.env.FOLIO_WEB_OUT ?? '../../dist/web',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // zod and its jitless setting in one chunk: the setting then runs before any chunk that
        // builds schemas, wherever the bundler puts those (else zod probes `new Function`, a CSP report)
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]web[\\/]zod-config\.ts$/.test(id) ? 'zod' : undefined,
      },
    },
  },
  // `npx vite` for hot reload: every path the server answers goes to it (npm run dev, port 3000)
  server: {
    proxy: {
      ...Object.fromEntries(
        [
          '/api',
          '/interact_api',
          '/item',
          '/ditem_mana2',
          '/tag_mana2',
          '/annotation_mana',
          '/common',
          '/fetch_meta',
          '/cached',
        ].map((path) => [path, 'http://localhost:3000']),
      ),
      '/websocket': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
