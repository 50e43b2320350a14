import { formatTagInput, parseTagInput } from '../../../shared/tags.ts';

/** Cuts a label to `max` characters with an ellipsis (tags 50, grid titles 15 or 30). */
export function cutLabel(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * The tag being typed: the last token after a space or a comma; an open quote keeps its spaces, but a
 * comma inside it still ends a tag (it separates tags everywhere).
 */
export function lastTagToken(value: string): string | null {
  const match = /(?:"([^"]*)|([^\s",]+))$/.exec(value);
  const token = (match?.[1]?.split(',').pop() ?? match?.[2] ?? '').trim();
  return token ? token : null;
}

/**
 * Puts a picked suggestion in place of the token being typed. In an open quote holding commas, the
 * names before the last comma are complete: they are written out as separate tags and the quote closes.
 */
export function applyTag(value: string, tag: string): string {
  const match = /(?:"[^"]*|[^\s",]+)$/.exec(value);
  let head = match ? value.slice(0, match.index) : value;
  const open = match?.[0].startsWith('"') ? match[0].slice(1) : '';
  if (open.includes(',')) {
    const done = parseTagInput(open.slice(0, open.lastIndexOf(',')));
    if (done.length) head += `${formatTagInput(done)} `;
  }
  return `${head}${formatTagInput([tag])} `;
}
