import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a peer answers for one path; it can be changed between requests. */
export type PeerAnswer =
  | { status: number; html?: string; location?: string }
  /** holds the request open until the client gives up (a timeout) */
  | { hang: true };

export interface PagePeer {
  origin: string;
  url(pathname: string): string;
  set(pathname: string, answer: PeerAnswer): void;
  /** each request: path and the time `now()` gave when it arrived */
  requests: { path: string; at: number }[];
  /** resolves once `count` requests for the path have arrived */
  waitForHits(pathname: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/** A readable article page (Readability keeps it): a title and the given paragraphs. */
export function articlePage(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;
}

/**
 * A real HTTP server on one loopback address whose answers the test sets per path (link health:
 * pages that stay, move, go, fail, hang or change). Unset paths answer 404.
 */
export async function startPagePeer(
  host = '127.0.0.1',
  opts: { port?: number; now?: () => number } = {},
): Promise<PagePeer> {
  const answers = new Map<string, PeerAnswer>();
  const requests: { path: string; at: number }[] = [];
  const waiters = new Set<() => void>();
  const open = new Set<ServerResponse>();
  const now = opts.now ?? Date.now;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    requests.push({ path, at: now() });
    for (const check of waiters) check();
    open.add(res);
    res.on('close', () => open.delete(res));
    const answer = answers.get(path) ?? { status: 404 };
    if ('hang' in answer) return;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (answer.location) headers.location = answer.location;
    res.writeHead(answer.status, headers);
    res.end(answer.html ?? `<!doctype html><title>${answer.status}</title><p>${answer.status}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (p) => `${origin}${p}`,
    set: (p, answer) => answers.set(p, answer),
    requests,
    waitForHits(pathname, count) {
      return new Promise((resolve) => {
        const check = () => {
          if (requests.filter((r) => r.path === pathname).length >= count) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
