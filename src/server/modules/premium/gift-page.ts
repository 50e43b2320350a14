import { escapeHtml } from '../../../shared/escape-html.ts';
/**
 * The gift mail's link opens this page; its button posts the code back from the app's own page,
 * so a link or a picture on another site cannot redeem a gift into the visitor's account (issue 27).
 * A plain form without script, so the app's CSP holds.
 */
export function giftPageHtml(code: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Redeem your gift - Folio</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#181818}}
main{border:1px solid #8884;border-radius:8px;padding:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #2563eb;background:#2563eb;color:#fff;cursor:pointer}
a{color:inherit}</style></head>
<body><main><h1>A gift for you</h1>
<p>Someone gave you one year of Folio Professional.</p>
<form method="post" action="/premium/gift/redeem">
<input type="hidden" name="code" value="${escapeHtml(code)}">
<button type="submit">Redeem gift</button>
</form>
<p><a href="/premium">Not now</a></p>
</main></body></html>`;
}
