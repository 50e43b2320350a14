import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { itemCalls } from '../src/shared/api/items.ts';

/** Files the worker fetches at install besides the bundle: the shell's own public files. */
const PUBLIC_FILES = [
  '/theme-init.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/folio-192.png',
  '/avatar-default.svg',
];

/**
 * Emits `sw.js` (served at /sw.js, scope /) from `src/web/service-worker.js` with the build's
 * FOLIO_BUILD = {version, files} written above it: every file of the bundle, so the installed app
 * opens offline (source maps and the build manifest excepted). The version is a hash of the file
 * names, which carry their content hash: a new build is a new worker, and the page offers "Reload".
 */
export function serviceWorker(source: string): Plugin {
  return {
    name: 'folio-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map') && !name.startsWith('.vite/') && name !== 'index.html')
        .map((name) => `/${name}`)
        .sort();
      const all = [...files, ...PUBLIC_FILES];
      const version = createHash('sha256').update(all.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        // the library's list calls, which the worker answers offline with the kept items' list
        source: `const FOLIO_BUILD = ${JSON.stringify({ version, files: all, listCalls: [itemCalls.list.path, itemCalls.search.path] })};\n${readFileSync(source, 'utf8')}`,
      });
    },
  };
}
