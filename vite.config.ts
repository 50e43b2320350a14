import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // FOLIO_WEB_OUT lets parallel end-to-end runs build into their own directory (with WEB_DIR)
  build: { outDir: process.env.FOLIO_WEB_OUT ?? '../../dist/web', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/interact_api': 'http://localhost:3000' } },
});
