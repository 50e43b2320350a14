/**
 * Addresses as the extension uses them: a tab's page (the item it belongs to) and the one Folio it
 * talks to. Pure functions: unit-tested in Node (url.test.ts).
 */

/**
 * The address of the page a tab shows, as its item is saved: the fragment removed (it only scrolls
 * within the page), nothing else changed; null for what is not a web page (chrome://, file:, data:).
 */
export function pageUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

/**
 * The Folio address typed in the options: its origin (scheme, host, port), https assumed when no
 * scheme was typed; null when it is not an http(s) address. Paths are dropped: Folio answers at
 * its root.
 */
export function folioOrigin(input: string): string | null {
  const typed = input.trim();
  if (!typed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.origin;
}

/** The match pattern that grants exactly one origin (chrome.permissions, content scripts). */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  // match patterns take no port: the host's every port is granted, the scheme is kept
  return `${url.protocol}//${url.hostname}/*`;
}

/** True when `href` is a page of the configured Folio (same origin exactly). */
export function isFolioPage(href: string, origin: string | null): boolean {
  if (!origin) return false;
  try {
    return new URL(href).origin === origin;
  } catch {
    return false;
  }
}

/** The live socket's address of a Folio origin. */
export function socketUrl(origin: string, query: Record<string, string>): string {
  const url = new URL('/websocket', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.href;
}
