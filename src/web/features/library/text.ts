/** Cuts a label to `max` characters with an ellipsis (tags 50, grid titles 15 or 30). */
export function cutLabel(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
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
