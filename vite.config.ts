import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // FOLIO_WEB_OUT lets parallel end-to-end runs build into their own directory (with WEB_DIR)
  build: { outDir: process.env.FOLIO_WEB_OUT ?? '../../dist/web', emptyOutDir: true },
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
