/** Query parameters that only say where a click came from (they never change the page). */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|ref_src|ref_url)$/i;

/**
 * The key two saves of one page share: scheme, a leading `www.`, a trailing slash, the fragment and
 * tracking parameters (`utm_*`, `fbclid`...) ignored; the other parameters sorted. Not an address to
 * visit: only for telling that two addresses are the same page.
 */
export function urlKey(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address.trim().toLowerCase();
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams.entries()]
    .filter(([name]) => !TRACKING.test(name))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${port}${path}${query}`;
}
