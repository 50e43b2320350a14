import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualDeadlines } from '../../../test/helpers/deadlines.ts';
import { startTestSite, type TestSite } from '../../../test/helpers/test-site.ts';
import {
  BlockedAddressError,
  FetchTimeoutError,
  HttpStatusError,
  InvalidUrlError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedContentTypeError,
} from './fetch-errors.ts';
import { Fetcher, type FetchOptions, pageText, type Resolver } from './fetcher.ts';

const HTML: FetchOptions = { accept: ['text/html'], maxBytes: 1_000_000 };

/** DNS for made-up names; anything else is unknown. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

let site: TestSite;
/** a second site on 127.0.0.2 that the fetcher is told to treat as a public address */
let publicSite: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  publicSite = await startTestSite('127.0.0.2');
});
afterAll(async () => {
  await site.close();
  await publicSite.close();
});

// The default 15 s timeout: a busy machine never makes these time out; the timeout test fires its own.
const local = (opts: ConstructorParameters<typeof Fetcher>[0] = {}) =>
  new Fetcher({ allowPrivate: true, ...opts });

describe('Fetcher with private addresses allowed (tests)', () => {
  it('fetches an HTML page and decodes it', async () => {
    const page = await local().fetch(site.url('/article.html'), HTML);
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', truncated: false });
    expect(pageText(page)).toContain('Growing Tomatoes on a Balcony');
  });

  it('decodes gzip and a Latin-1 page', async () => {
    expect(pageText(await local().fetch(site.url('/article.gz.html'), HTML))).toContain('Sungold');
    expect(pageText(await local().fetch(site.url('/latin1.html'), HTML))).toContain('Café crème');
  });

  it('follows a chain of redirects by hand, up to 5', async () => {
    const page = await local().fetch(site.url('/redirect/5'), HTML);
    expect(page.url).toBe(site.url('/article.html'));
    await expect(local().fetch(site.url('/redirect/6'), HTML)).rejects.toBeInstanceOf(TooManyRedirectsError);
  });

  it('refuses a content type the caller does not accept', async () => {
    const err = await local()
      .fetch(site.url('/pixel.png'), HTML)
      .catch((e) => e);
    expect(err).toBeInstanceOf(UnsupportedContentTypeError);
    expect(err.message).toBe("The page's content type (image/png) is not accepted here.");
  });

  it('stops reading past the size cap, or keeps the head when asked', async () => {
    // the page never ends: only the cap can settle this before the timeout (a different error)
    await expect(
      local().fetch(site.url('/huge.html'), { ...HTML, maxBytes: 200_000 }),
    ).rejects.toBeInstanceOf(ResponseTooLargeError);
    const head = await local().fetch(site.url('/huge.html'), { ...HTML, maxBytes: 10_000, truncate: true });
    expect(head).toMatchObject({ truncated: true });
    expect(head.body.length).toBe(10_000);
    expect(pageText(head)).toContain('<title>A huge page</title>');
  });

  it('gives up on a slow page after the total timeout', async () => {
    const deadlines = new ManualDeadlines();
    const fetching = local({ deadline: deadlines.signal })
      .fetch(site.url('/slow.html'), HTML)
      .catch((e) => e);
    await site.waitForHits('/slow.html', (site.hits.get('/slow.html') ?? 0) + 1);
    deadlines.expire();
    const err = await fetching;
    expect(err).toBeInstanceOf(FetchTimeoutError);
    expect(err.message).toBe('The page did not load within 15000 ms.');
    expect(err.retryable).toBe(true);
  });

  it('reports HTTP errors, 5xx as worth retrying', async () => {
    const notFound = await local()
      .fetch(site.url('/status/404'), HTML)
      .catch((e) => e);
    expect(notFound).toBeInstanceOf(HttpStatusError);
    expect(notFound.retryable).toBe(false);
    const unavailable = await local()
      .fetch(site.url('/status/503'), HTML)
      .catch((e) => e);
    expect(unavailable.retryable).toBe(true);
  });

  it('still refuses cloud metadata addresses', async () => {
    await expect(local().fetch('http://169.254.169.254/latest/meta-data/', HTML)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    const viaDns = local({ resolver: fakeDns({ 'metadata.test': ['fd00:ec2::254'] }) });
    await expect(viaDns.fetch('http://metadata.test/', HTML)).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

describe('Fetcher refusals (the default policy)', () => {
  const strict = (table: Record<string, string[]> = {}) =>
    new Fetcher({ resolver: fakeDns(table), trustedAddresses: ['127.0.0.2'] });

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
    'http://user:pw@example.com/',
  ])('refuses %s before any connection', async (url) => {
    await expect(strict().fetch(url, HTML)).rejects.toBeInstanceOf(InvalidUrlError);
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://10.0.0.1/',
    'http://192.168.0.10/',
    'http://172.20.1.1/',
    'http://169.254.169.254/',
    'http://100.64.1.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
  ])('refuses the address in %s', async (url) => {
    await expect(strict().fetch(url, HTML)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const err = await strict({ 'evil.test': ['10.0.0.1'] })
      .fetch('http://evil.test/', HTML)
      .catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err.message).toBe('Refused to fetch evil.test: 10.0.0.1 is a 10.0.0.0/8 (private) address.');
  });

  it('refuses a host when any one of its answers is private', async () => {
    const fetcher = strict({ 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    await expect(fetcher.fetch('http://mixed.test/', HTML)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('connects to the checked address without asking DNS again', async () => {
    let lookups = 0;
    const fetcher = new Fetcher({
      trustedAddresses: ['127.0.0.2'],
      resolver: async () => {
        lookups += 1;
        // a rebinding name: public-looking first, loopback on any later question
        return [{ address: lookups === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      },
    });
    const port = new URL(publicSite.origin).port;
    // rebind.test exists only in this resolver: a second lookup by the socket would fail outright
    const page = await fetcher.fetch(`http://rebind.test:${port}/article.html`, HTML);
    expect(page.status).toBe(200);
    expect(lookups).toBe(1);
  });

  it('re-checks every redirect: a public page redirecting to 127.0.0.1 is refused', async () => {
    const fetcher = strict();
    expect((await fetcher.fetch(publicSite.url('/article.html'), HTML)).status).toBe(200);
    const before = site.hits.get('/article.html') ?? 0;
    const toLoopback = publicSite.url(`/redirect-to?to=${encodeURIComponent(site.url('/article.html'))}`);
    const err = await fetcher.fetch(toLoopback, HTML).catch((e) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err.message).toContain('127.0.0.1 is a 127.0.0.0/8 (loopback) address');
    // refused before connecting: the loopback site never saw the request
    expect(site.hits.get('/article.html') ?? 0).toBe(before);
  });

  it('re-checks a redirect to a name that resolves to a private address', async () => {
    const fetcher = strict({ 'intranet.test': ['192.168.1.20'] });
    const url = publicSite.url(`/redirect-to?to=${encodeURIComponent('http://intranet.test/admin')}`);
    await expect(fetcher.fetch(url, HTML)).rejects.toThrow(
      '192.168.1.20 is a 192.168.0.0/16 (private) address',
    );
  });
});
