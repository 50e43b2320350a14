import { escapeHtml } from '../../../shared/escape-html.ts';
import type { ExportItem } from './content.ts';

const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? escapeHtml(url) : '');

/**
 * The selection as simple HTML (the Export modal's Preview, the clipboard's rich text, a report's
 * first content and an exported note) and as plain text. Every piece of text is escaped; the
 * only markup is ours: headings, links to http(s) addresses, paragraphs, marks and block quotes,
 * all of which the note editor keeps.
 */
export function previewOf(items: ExportItem[]): { html: string; text: string } {
  const html: string[] = [];
  const text: string[] = [];
  for (const item of items) {
    const href = safeHref(item.url);
    html.push(
      `<h2>${href ? `<a href="${href}">${escapeHtml(item.title)}</a>` : escapeHtml(item.title)}</h2>`,
    );
    text.push(item.title);
    if (item.url) text.push(item.url);
    if (item.tags.length) {
      html.push(`<p><em>Tags: ${escapeHtml(item.tags.join(', '))}</em></p>`);
      text.push(`Tags: ${item.tags.join(', ')}`);
    }
    for (const p of [item.description, ...item.note].filter(Boolean)) {
      html.push(`<p>${escapeHtml(p)}</p>`);
      text.push(p);
    }
    for (const h of item.highlights) {
      if (h.quote.trim()) {
        html.push(
          `<blockquote><p><mark data-color="${escapeHtml(h.color)}">${escapeHtml(h.quote)}</mark></p></blockquote>`,
        );
        text.push(`"${h.quote}"`);
      }
      for (const note of h.notes) {
        html.push(`<p><strong>Note:</strong> ${escapeHtml(note)}</p>`);
        text.push(`Note: ${note}`);
      }
    }
    text.push('');
  }
  return { html: html.join('\n'), text: text.join('\n').trim() };
}
