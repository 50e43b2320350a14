/** Cuts a label to `max` characters with an ellipsis (tags 50, grid titles 15 or 30). */
export function cutLabel(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** Plain text of note HTML for previews (300 characters by default, 100 in grid and list previews). */
export function noteText(html: string, max = 300): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return cutLabel(text, max);
}

/** The tag being typed: the last space-separated token (an open quote keeps its spaces). */
export function lastTagToken(value: string): string | null {
  const match = /(?:"([^"]*)|([^\s"]+))$/.exec(value);
  const token = (match?.[1] ?? match?.[2] ?? '').trim();
  return token ? token : null;
}

export function applyTag(value: string, tag: string): string {
  const match = /(?:"[^"]*|[^\s"]+)$/.exec(value);
  const head = match ? value.slice(0, match.index) : value;
  return `${head}${/\s/.test(tag) ? `"${tag}"` : tag} `;
}
