import { escapeHtml } from '../../../shared/escape-html.ts';
import { PRINT_POLL_MS } from '../../../shared/limits.ts';

/**
 * Puts rich text and plain text on the clipboard (ClipboardItem where the browser has it, else
 * the plain text only). Resolves false when the browser refuses.
 */
export async function copyRich(html: string, text: string): Promise<boolean> {
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      return true;
    }
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Print (Generate Report): a window holding the report, printed, and polled every 200 ms until
 * the user closes it; `onClosed` runs then. Returns false when the browser blocked the window.
 */
export function printReport(title: string, html: string, onClosed: () => void): boolean {
  const win = window.open('', '_blank', 'width=800,height=900');
  if (!win) return false;
  win.document.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      '<style>body{font:14px/1.5 system-ui,sans-serif;margin:2em}blockquote{border-left:3px solid #ccc;margin:0 0 0 .5em;padding-left:1em}mark{background:#fff3a3}</style>' +
      `</head><body><h1>${escapeHtml(title)}</h1>${html}</body></html>`,
  );
  win.document.close();
  win.focus();
  win.print();
  const timer = setInterval(() => {
    if (win.closed) {
      clearInterval(timer);
      onClosed();
    }
  }, PRINT_POLL_MS);
  return true;
}
