import { escapeHtml } from '../../../shared/escape-html.ts';
import type { CachedCopy } from './service.ts';

/**
 * The stored copy opens as its own document under a CSP sandbox: an opaque origin, so nothing
 * in it can run script, read the app's cookies or call the API as the viewer (ArchiveBox
 * CVE-2023-45815 is the failure this avoids). Pictures may load; nothing else.
 */
export const CACHED_PAGE_CSP =
  "sandbox; default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

const STYLE = `
body { margin: 0; font: 17px/1.6 Georgia, 'Times New Roman', serif; color: #1f2328; background: #fff; }
.folio-banner { position: sticky; top: 0; padding: 10px 16px; font: 14px/1.4 system-ui, sans-serif;
  background: #fff8c5; border-bottom: 1px solid #d4a72c; color: #3b2e00; overflow-wrap: anywhere; }
.folio-banner a { color: inherit; }
main { max-width: 42rem; margin: 0 auto; padding: 24px 16px 64px; }
img { max-width: 100%; height: auto; }
pre { overflow-x: auto; }
@media (prefers-color-scheme: dark) {
  body { background: #16181d; color: #e6e6e6; }
  .folio-banner { background: #3b2e00; color: #fff8c5; border-color: #6b5300; }
  a { color: #8ab4f8; }
}`;

/** The cached copy as a whole HTML document, with a banner naming the original page and the capture date. */
export function renderCachedPage(copy: CachedCopy): string {
  const date = copy.capturedAt.toUTCString();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(copy.title || copy.url)} (cached copy)</title>
<style>${STYLE}</style>
</head>
<body>
<div class="folio-banner" role="note">This is a copy of <a href="${escapeHtml(copy.url)}">${escapeHtml(copy.url)}</a>
saved on <time datetime="${copy.capturedAt.toISOString()}">${escapeHtml(date)}</time>. The page may have changed since.</div>
<main>
<h1>${escapeHtml(copy.title || copy.url)}</h1>
${copy.html}
</main>
</body>
</html>
`;
}

/** What /cached shows when there is no copy the viewer may open (never saying which case it is). */
export function renderNoCopyPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No cached copy (Folio)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>No cached copy of this page yet</h1>
<p>Folio has not saved a copy of this page, or it is not yours to open. A copy is saved shortly after a
bookmark is added; try again in a moment.</p>
</main>
</body>
</html>
`;
}
