import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request } from 'undici';
import {
  BlockedAddressError,
  FetchError,
  FetchTimeoutError,
  HttpStatusError,
  InvalidUrlError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedContentTypeError,
} from './fetch-errors.ts';
import { checkAddress } from './ip-policy.ts';

/**
 * The one way the server fetches a user-given URL (STYLE rule 7). Every hop's host is resolved
 * once, every answer checked, and the connection pinned to the checked address, so a DNS
 * rebinding answer between check and connect cannot send us elsewhere. Redirects are followed
 * here, by hand, each hop checked again.
 */

/** Resolves a host name to every address it has (dns.lookup with all: true by default). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses),
    );
  });

export interface FetcherOptions {
  /** FETCH_ALLOW_PRIVATE: lets tests reach 127.0.0.1; metadata endpoints stay refused */
  allowPrivate?: boolean;
  resolver?: Resolver;
  connectTimeoutMs?: number;
  /** the whole fetch, every hop and the body included */
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
  /**
   * Addresses treated as public although the policy says otherwise. Not configurable: tests use it
   * to put a local test site "on the internet" and prove a redirect from it to 127.0.0.1 is refused.
   */
  trustedAddresses?: string[];
  /** the signal that ends a fetch after timeoutMs; tests pass one they fire themselves */
  deadline?: (timeoutMs: number) => AbortSignal;
}

export interface FetchOptions {
  /** accepted media types (lowercase, no parameters), e.g. ['text/html'] */
  accept: string[];
  maxBytes: number;
  /** keep the first maxBytes instead of failing (metadata only needs the head of a page) */
  truncate?: boolean;
}

export interface FetchedPage {
  /** the URL after redirects */
  url: string;
  status: number;
  contentType: string;
  charset: string | undefined;
  body: Buffer;
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Fetcher {
  private readonly resolver: Resolver;
  private readonly connectTimeoutMs: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;

  constructor(private readonly options: FetcherOptions = {}) {
    this.resolver = options.resolver ?? systemResolver;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxRedirects = options.maxRedirects ?? 5;
  }

  async fetch(rawUrl: string, opts: FetchOptions): Promise<FetchedPage> {
    const deadline = (this.options.deadline ?? AbortSignal.timeout)(this.timeoutMs);
    try {
      let url = parseUrl(rawUrl);
      for (let hop = 0; ; hop++) {
        const address = await this.checkedAddress(url);
        const res = await this.get(url, address, opts, deadline);
        if (REDIRECTS.has(res.statusCode) && res.headers.location) {
          discard(res.body);
          if (hop >= this.maxRedirects) throw new TooManyRedirectsError(this.maxRedirects);
          url = parseUrl(String(res.headers.location), url);
          continue;
        }
        if (res.statusCode < 200 || res.statusCode > 299) {
          discard(res.body);
          throw new HttpStatusError(res.statusCode);
        }
        const [type = '', ...params] = String(res.headers['content-type'] ?? '').split(';');
        const contentType = type.trim().toLowerCase();
        if (!opts.accept.includes(contentType)) {
          discard(res.body);
          throw new UnsupportedContentTypeError(contentType);
        }
        const charset = params
          .map((p) => p.trim().match(/^charset=["']?([^"']+)/i)?.[1])
          .find((c): c is string => !!c);
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const { body, truncated } = await readCapped(decoded(res.body, encoding), opts);
        return { url: url.toString(), status: res.statusCode, contentType, charset, body, truncated };
      }
    } catch (err) {
      if (err instanceof FetchError) throw err;
      if (deadline.aborted) throw new FetchTimeoutError(this.timeoutMs, 'load');
      const code = (err as { code?: string }).code ?? '';
      if (code === 'UND_ERR_CONNECT_TIMEOUT') throw new FetchTimeoutError(this.connectTimeoutMs, 'connect');
      if (code.includes('TIMEOUT')) throw new FetchTimeoutError(this.timeoutMs, 'answer');
      throw new FetchError('network', `Could not fetch the page: ${(err as Error).message}`, true);
    }
  }

  /**
   * Sends a request with a body (a WebDAV PUT, an XML-RPC POST) to a user-given URL: the host is
   * checked and pinned like a fetch; redirects are not followed (a non-GET must not change target).
   * Answers the status, the headers and at most maxBytes of the answer.
   */
  async send(
    rawUrl: string,
    req: { method: string; headers?: Record<string, string>; body?: Buffer | string; maxBytes?: number },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    const deadline = (this.options.deadline ?? AbortSignal.timeout)(this.timeoutMs);
    try {
      const url = parseUrl(rawUrl);
      const address = await this.checkedAddress(url);
      const res = await this.get(
        url,
        address,
        { accept: ['*/*'], maxBytes: req.maxBytes ?? 64 * 1024 },
        deadline,
        req,
      );
      const { body } = await readCapped(res.body, {
        accept: [],
        maxBytes: req.maxBytes ?? 64 * 1024,
        truncate: true,
      });
      return { status: res.statusCode, headers: res.headers, body };
    } catch (err) {
      if (err instanceof FetchError) throw err;
      if (deadline.aborted) throw new FetchTimeoutError(this.timeoutMs, 'load');
      const code = (err as { code?: string }).code ?? '';
      if (code === 'UND_ERR_CONNECT_TIMEOUT') throw new FetchTimeoutError(this.connectTimeoutMs, 'connect');
      if (code.includes('TIMEOUT')) throw new FetchTimeoutError(this.timeoutMs, 'answer');
      throw new FetchError('network', `Could not reach the site: ${(err as Error).message}`, true);
    }
  }

  /**
   * Throws what a fetch of this URL would be refused with (InvalidUrlError, BlockedAddressError, a
   * DNS FetchError) without sending anything: for a URL about to be stored, such as a blog's end
   * point. Each later fetch is still checked again (the name may resolve elsewhere by then).
   */
  async checkUrl(rawUrl: string): Promise<void> {
    await this.checkedAddress(parseUrl(rawUrl));
  }

  /** Resolves the host once and checks every answer; returns the address to pin. */
  private async checkedAddress(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let answers: { address: string; family: number }[];
    if (isIP(host)) {
      answers = [{ address: host, family: isIP(host) }];
    } else {
      try {
        answers = await this.resolver(host);
      } catch (err) {
        throw new FetchError(
          'dns',
          `Could not find the site ${host}.`,
          (err as { code?: string }).code !== 'ENOTFOUND',
        );
      }
      if (answers.length === 0) throw new FetchError('dns', `Could not find the site ${host}.`);
    }
    // One bad answer refuses the host: otherwise a rebinding name could mix a public and a private one.
    for (const { address } of answers) {
      if (this.options.trustedAddresses?.includes(address)) continue;
      const verdict = checkAddress(address, this.options.allowPrivate);
      if (!verdict.allowed) throw new BlockedAddressError(host, address, verdict.range);
    }
    return answers[0]!;
  }

  private async get(
    url: URL,
    pinned: { address: string; family: number },
    opts: FetchOptions,
    signal: AbortSignal,
    send?: { method: string; headers?: Record<string, string>; body?: Buffer | string },
  ) {
    // One agent per hop: its lookup answers with the checked address only, so no second DNS query happens.
    const agent = new Agent({
      connect: {
        timeout: this.connectTimeoutMs,
        lookup: (_host, options, callback) => {
          const all = (options as { all?: boolean }).all;
          if (all) (callback as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        },
      },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      connections: 1,
      pipelining: 0,
    });
    signal.addEventListener('abort', () => void agent.destroy().catch(() => {}), { once: true });
    try {
      const res = await request(url, {
        dispatcher: agent,
        method: (send?.method ?? 'GET') as 'GET',
        signal,
        body: send?.body,
        headers: send
          ? {
              'user-agent': this.options.userAgent ?? 'Mozilla/5.0 (compatible; FolioBot/1.0)',
              ...send.headers,
            }
          : {
              accept: `${opts.accept.join(', ')};q=1, */*;q=0.1`,
              'accept-encoding': 'gzip, deflate, br',
              'user-agent': this.options.userAgent ?? 'Mozilla/5.0 (compatible; FolioBot/1.0)',
            },
      });
      res.body.once('close', () => void agent.destroy().catch(() => {}));
      return res;
    } catch (err) {
      void agent.destroy().catch(() => {});
      throw err;
    }
  }
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new InvalidUrlError(`Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidUrlError(`Only http and https URLs can be fetched, not ${url.protocol}`);
  }
  // Credentials in a URL are never sent on a user's behalf.
  if (url.username || url.password)
    throw new InvalidUrlError('URLs with a user name or password are not fetched.');
  url.hash = '';
  return url;
}

/** Drops a body we will not read; destroying an unread undici body emits an error nobody needs. */
function discard(body: Readable) {
  body.on('error', () => {});
  body.destroy();
}

/** The body decoded; pipeline() carries a body error (an abort) into the decoder the reader sees. */
function decoded(body: Readable, encoding: string): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  return decoder ? pipeline(body, decoder, () => {}) : body;
}

/** Streams the body, counting decoded bytes (a small gzip cannot inflate past the cap). */
async function readCapped(
  stream: Readable,
  opts: FetchOptions,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (size + buf.length > opts.maxBytes) {
        if (!opts.truncate) throw new ResponseTooLargeError(opts.maxBytes);
        chunks.push(buf.subarray(0, opts.maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buf);
      size += buf.length;
    }
  } finally {
    discard(stream);
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/** The body as text: the header's charset, else a <meta charset> in the first bytes, else UTF-8. */
export function pageText(page: FetchedPage): string {
  const sniffed = page.body
    .subarray(0, 2048)
    .toString('latin1')
    .match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1];
  for (const label of [page.charset, sniffed, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(page.body);
    } catch {
      // unknown label: try the next
    }
  }
  return page.body.toString('utf8');
}
