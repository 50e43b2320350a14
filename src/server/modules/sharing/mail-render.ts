import { escapeHtml } from '../../../shared/escape-html.ts';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';

/**
 * The e-mail Send an Email writes: a text part and an HTML part with the same content. Every
 * string a user wrote (sender name, subject, message, titles, quotes, addresses) is escaped in the
 * HTML; links are only ever the item's own http(s) address and the share URL this server made.
 */

export interface MailItem {
  title: string;
  /** the page's own address (bookmarks), else '' */
  url: string;
  /** the share link's read-only page */
  shareUrl: string;
  /** every highlight of the item, each with its sticky notes */
  highlights: { text: string; notes: string[] }[];
  /** the item's float notes (notes on the page, not on a highlight) */
  notes: string[];
}

/** Shapes whose content is highlighted text (a picture's is not). */
const QUOTED: readonly number[] = [SHAPE.text, SHAPE.extension, SHAPE.pdfHighlight, SHAPE.kindleHighlight];

/** An item's annotations as the mail shows them: highlights with their sticky notes, then float notes. */
export function highlightsOf(
  annotations: readonly AnnotationReply[],
): Pick<MailItem, 'highlights' | 'notes'> {
  return {
    highlights: annotations
      .filter((a) => QUOTED.includes(a.shape) && a.content.trim() !== '')
      .map((a) => ({ text: a.content, notes: a.stickyNotes.map((n) => n.content).filter((n) => n.trim()) })),
    notes: annotations.filter((a) => a.shape === SHAPE.floatNote && a.content.trim()).map((a) => a.content),
  };
}

export interface MailContent {
  sender: string;
  subject: string;
  message: string;
  items: MailItem[];
  quotes: string[];
}

/** Only http(s) addresses become links; anything else is shown as text. */
function isHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const quoteLines = (text: string) => `> ${text.replace(/\n/g, '\n> ')}`;

const BLOCKQUOTE_STYLE = 'border-left:3px solid #f5c542;margin:0 0 8px;padding:4px 10px';
const blockquote = (text: string) =>
  `<blockquote style="${BLOCKQUOTE_STYLE}">${escapeHtml(text).replace(/\n/g, '<br>')}</blockquote>`;
const note = (text: string) =>
  `<p style="margin:0 0 8px 14px"><em>Note:</em> ${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

export function renderMailText(c: MailContent): string {
  const lines = [`${c.sender} shared with you on Folio:`, ''];
  if (c.message.trim()) lines.push(c.message.trim(), '');
  for (const item of c.items) {
    lines.push(item.title || item.url || 'Untitled');
    if (item.url) lines.push(item.url);
    lines.push(`Open it on Folio: ${item.shareUrl}`, '');
    for (const h of item.highlights) {
      lines.push(quoteLines(h.text));
      for (const n of h.notes) lines.push(`  Note: ${n.replace(/\n/g, '\n  ')}`);
      lines.push('');
    }
    for (const n of item.notes) lines.push(`Note: ${n}`, '');
  }
  if (c.quotes.length) {
    lines.push('Highlights:');
    for (const q of c.quotes) lines.push(quoteLines(q), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderMailHtml(c: MailContent): string {
  const items = c.items
    .map((item) => {
      const title = escapeHtml(item.title || item.url || 'Untitled');
      const heading = isHttp(item.url) ? `<a href="${escapeHtml(item.url)}">${title}</a>` : title;
      const highlights = item.highlights
        .map((h) => blockquote(h.text) + h.notes.map(note).join(''))
        .join('\n');
      const notes = item.notes.map(note).join('\n');
      return `<li><strong>${heading}</strong><br><a href="${escapeHtml(item.shareUrl)}">Open it on Folio</a>${highlights}${notes}</li>`;
    })
    .join('\n');
  const quotes = c.quotes.length ? `<h3>Highlights</h3>\n${c.quotes.map(blockquote).join('\n')}` : '';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(c.sender)} shared with you on Folio:</p>
${c.message.trim() ? paragraphs(c.message.trim()) : ''}
<ul>
${items}
</ul>
${quotes}
</body></html>
`;
}
