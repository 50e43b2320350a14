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
    // .vite/manifest.json: the server names each page's chunks in its index.html (src/server/page-preload.ts)
    manifest: true,
    rollupOptions: {
      output: {
        // zod in one chunk, loaded with the first route that builds schemas; its jitless setting
        // (zod-config.ts, zod-free) must run before zod, else zod probes `new Function`, a CSP report.
        // In its own chunk it is the entry's first import, so it runs first even when the entry
        // imports zod statically (a chunk's imports run before the entry's own code).
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/]/.test(id)
            ? 'zod'
            : /[\\/]zod-config\.ts$/.test(id)
              ? 'zod-config'
              : undefined,
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
