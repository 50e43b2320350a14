import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress.ts';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';

/** A built web app in miniature: a hashed script large enough to compress, and unhashed files. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const THEME = `document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'light';\n${'//\n'.repeat(600)}`;

const INDEX_HTML =
  '<!doctype html><html><head><title>Folio</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
/** What `build.manifest` writes: the entry, and the library page with one chunk and a style sheet of its own. */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true },
  'features/library/LibraryPage.tsx': {
    file: 'assets/LibraryPage-Lib1.js',
    imports: ['index.html', '_rows-Row1.js'],
    css: ['assets/LibraryPage-Css1.css'],
  },
  '_rows-Row1.js': { file: 'assets/rows-Row1.js' },
};

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'folio-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(webDir, 'assets', 'tiny-XyZ789.js'), 'export {};\n');
  writeFileSync(path.join(webDir, 'theme-init.js'), THEME);
  writeFileSync(path.join(webDir, 'sw.js'), 'const FOLIO_BUILD = {};\n');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Folio"}');
  await precompressDir(webDir);
  t = await createTestApp({}, { webDir });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('built web app', () => {
  it('serves the service worker and the manifest always revalidated, the share target as a page', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // a stale worker would keep an old app: the browser asks again every time
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const share = await get('/share?url=https%3A%2F%2Fexample.com%2F');
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends brotli when the browser takes it, with a year of immutable caching', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, or one that refuses it', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file as it is without Accept-Encoding, or when no copy was worth writing', async () => {
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const tiny = await get('/assets/tiny-XyZ789.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a repeated request with 304 by the ETag of the copy it sent', async () => {
    const first = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/index-AbC123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('has files without a hash in their name checked again on every use', async () => {
    const res = await get('/theme-init.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(THEME);
  });

  it('serves page routes with index.html, never cached without checking', async () => {
    const res = await get('/sign-in', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it("answers a reload of a group's shared item with the app, not a 404", async () => {
    for (const url of ['/group/crew', '/group/crew/item/12']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('does not give the compressed copies addresses of their own', async () => {
    for (const url of ['/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it("names the library page's chunks and style sheets in the index.html of /user/{name}, under the same CSP", async () => {
    const res = await get('/user/ann');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LibraryPage-Lib1.js"');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/rows-Row1.js"');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/LibraryPage-Css1.css"');
    // no inline script came with them: scripts stay same-origin files
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body.match(/<script/g)).toHaveLength(1);
  });

  it('sends other pages and unknown paths their index.html without the library chunks', async () => {
    for (const url of ['/sign-in', '/outliners', '/no/such/page']) {
      const res = await get(url);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('does not serve the build manifest', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('LibraryPage');
  });
});
