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
}

export interface MailContent {
  sender: string;
  subject: string;
  message: string;
  items: MailItem[];
  quotes: string[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
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

export function renderMailText(c: MailContent): string {
  const lines = [`${c.sender} shared with you on Folio:`, ''];
  if (c.message.trim()) lines.push(c.message.trim(), '');
  for (const item of c.items) {
    lines.push(item.title || item.url || 'Untitled');
    if (item.url) lines.push(item.url);
    lines.push(`Open it on Folio: ${item.shareUrl}`, '');
  }
  if (c.quotes.length) {
    lines.push('Highlights:');
    for (const q of c.quotes) lines.push(`> ${q.replace(/\n/g, '\n> ')}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderMailHtml(c: MailContent): string {
  const items = c.items
    .map((item) => {
      const title = escapeHtml(item.title || item.url || 'Untitled');
      const heading = isHttp(item.url) ? `<a href="${escapeHtml(item.url)}">${title}</a>` : title;
      return `<li><strong>${heading}</strong><br><a href="${escapeHtml(item.shareUrl)}">Open it on Folio</a></li>`;
    })
    .join('\n');
  const quotes = c.quotes.length
    ? `<h3>Highlights</h3>\n${c.quotes
        .map(
          (q) =>
            `<blockquote style="border-left:3px solid #f5c542;margin:0 0 8px;padding:4px 10px">${escapeHtml(q).replace(/\n/g, '<br>')}</blockquote>`,
        )
        .join('\n')}`
    : '';
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
