import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface TestSite {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  url(pathname: string): string;
  /** requests seen per path (without query) */
  hits: Map<string, number>;
  /** resolves once `count` requests for the path (without query) have arrived */
  waitForHits(pathname: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a loopback address serving test/fixtures/pages, for fetcher and capture
 * tests (no network beyond this machine). Paths:
 *   /article.html, /no-title.html, /latin1.html     fixtures as text/html
 *   /article.gz.html                                the article gzip-encoded
 *   /pixel.png                                      a real PNG (not HTML)
 *   /water-board-2023.pdf                           a PDF whose metadata gives its title
 *   /images/seedlings.jpg, /images/tomatoes.jpg    real JPEGs (the article's picture and og:image)
 *   /favicon.ico                                    a real Windows icon (a PNG inside)
 *   /redirect/N                                     a chain of N redirects ending at /article.html
 *   /redirect-to?to=URL                             one redirect to any URL
 *   /huge.html                                      streams HTML forever until the client stops
 *   /slow.html                                      sends its head, then trickles a byte a second
 *   /flaky/KEY?fail=N                               503 for the first N requests per KEY, then the article
 *   /status/CODE                                    answers with that status
 */
export async function startTestSite(host = '127.0.0.1'): Promise<TestSite> {
  const hits = new Map<string, number>();
  const waiters = new Set<() => void>();
  const open = new Set<ServerResponse>();
  const html = (res: ServerResponse, body: Buffer | string, extra: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...extra });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const p = url.pathname;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    for (const check of waiters) check();
    open.add(res);
    res.on('close', () => open.delete(res));

    if (p === '/article.html' || p === '/no-title.html') return html(res, fixture(`pages${p}`));
    if (p === '/latin1.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(fixture('pages/latin1.html'));
    }
    if (p === '/article.gz.html') {
      return html(res, gzipSync(fixture('pages/article.html')), { 'content-encoding': 'gzip' });
    }
    if (p === '/images/seedlings.jpg' || p === '/images/tomatoes.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(fixture('uploads/photo.jpg'));
    }
    if (p === '/favicon.ico') {
      res.writeHead(200, { 'content-type': 'image/x-icon' });
      return res.end(icoOf(fixture('pixel.png')));
    }
    if (p === '/pixel.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(fixture('pixel.png'));
    }
    const chain = p.match(/^\/redirect\/(\d+)$/);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/article.html' });
      return res.end();
    }
    if (p === '/redirect-to') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    if (p === '/huge.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(fixture('pages/huge.html'));
      const filler = Buffer.from(`<p>${'filler text '.repeat(5000)}</p>\n`);
      const pump = () => {
        while (!res.destroyed && res.write(filler)) {}
        if (!res.destroyed) res.once('drain', pump);
      };
      return pump();
    }
    if (p === '/slow.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(fixture('pages/slow.html'));
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (p === '/water-board-2023.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(fixture('pages/water-board-2023.pdf'));
    }
    const flaky = p.match(/^\/flaky\/(\w+)$/);
    if (flaky) {
      const fail = Number(url.searchParams.get('fail') ?? 1);
      if ((hits.get(p) ?? 0) <= fail) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        return res.end('try later');
      }
      return html(res, fixture('pages/article.html'));
    }
    const status = p.match(/^\/status\/(\d{3})$/);
    if (status) {
      res.writeHead(Number(status[1]), { 'content-type': 'text/html' });
      return res.end('<title>status</title>');
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });

  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname}`,
    hits,
    waitForHits: (pathname, count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((hits.get(pathname) ?? 0) < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Windows icon holding one PNG picture: the 6-byte header, one 16-byte entry, then the PNG. */
export function icoOf(png: Buffer): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(1, 6);
  head.writeUInt8(1, 7);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}
