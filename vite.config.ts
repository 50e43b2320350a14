import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callDefinitionsWithoutSchemas } from './scripts/vite-call-definitions.ts';
import { chunkNamer } from './scripts/vite-chunks.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

const WEB = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: 'src/web',
  plugins: [
    callDefinitionsWithoutSchemas(path.resolve(import.meta.dirname, 'src/shared/api')),
    react(),
    serviceWorker(path.join(WEB, 'service-worker.js')),
    precompress(),
  ],
  // FOLIO_WEB_OUT lets parallel end-to-end runs build into their own directory (with WEB_DIR)
  build: {
    outDir: process.env.FOLIO_WEB_OUT ?? '../../dist/web',
    emptyOutDir: true,
    // .vite/manifest.json: the server names each page's chunks in its index.html (src/server/page-preload.ts)
    manifest: true,
    rolldownOptions: {
      output: {
        // the library's first load in a few chunks, zod in its own (see chunkNamer). A module's
        // imports are named too (or left to rolldown), so a group need not take them in with it.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: chunkNamer(
                path.join(WEB, 'main.tsx'),
                path.join(WEB, 'routes.tsx'),
                path.join(WEB, 'features/library/LibraryPage.tsx'),
              ),
            },
          ],
        },
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
