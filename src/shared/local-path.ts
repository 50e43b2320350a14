/**
 * A path on this site to send a browser back to, normalised as the browser will read it, or null.
 * The raw text is not enough: `/.//evil.example`, `/%2e%2e//evil.example` or `/.\/evil.example`
 * start with one slash but resolve to `//evil.example`, which a browser follows to another site.
 */
const HERE = 'http://folio.invalid';

export function localPath(raw: string): string | null {
  if (!/^\/(?![/\\])[^\s]*$/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== HERE || !path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  return path;
}
