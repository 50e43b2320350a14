/** One cookie's value out of a `document.cookie` string, or undefined when absent. */
export function parseCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The `document.cookie` assignment for a long-lived, site-wide cookie. */
export function cookieAssignment(name: string, value: string, days: number): string {
  const maxAge = Math.round(days * 86_400);
  return `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=lax`;
}

/** Reads one cookie of the page (spec part 1 §3: expand, sort and count live in cookies). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookie(document.cookie, name);
}

export function writeCookie(name: string, value: string, days: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = cookieAssignment(name, value, days);
}
