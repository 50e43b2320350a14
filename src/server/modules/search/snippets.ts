import { type SQL, sql } from 'drizzle-orm';
import type { SnippetPart } from '../../../shared/schemas/items.ts';

// ts_headline wraps each matched word in these (private-use characters no page text means), so
// the reply carries plain text and flags, never markup.
const START = '\uE000';
const STOP = '\uE001';
/** Only the start of a long text is read for a snippet: ts_headline reparses what it is given. */
const SNIPPET_TEXT_LIMIT = 100_000;

/**
 * Where the words matched in a stored text (a captured page's or a PDF's): up to two short
 * fragments, the words marked. The same configuration as items.page_vector ('simple').
 */
export function headline(text: SQL, words: string[]): SQL<string> {
  const options = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  return sql<string>`ts_headline('simple', left(${text}, ${SNIPPET_TEXT_LIMIT}),
    plainto_tsquery('simple', ${words.join(' ')}), ${options})`;
}

/** A headline as parts of text, the matched words flagged; null when no word matched. */
export function snippetParts(marked: string): SnippetPart[] | null {
  if (!marked.includes(START)) return null;
  const parts: SnippetPart[] = [];
  for (const [i, piece] of marked.split(START).entries()) {
    const [hit, rest] = i === 0 ? [null, piece] : piece.split(STOP);
    if (hit) parts.push({ text: hit, mark: true });
    if (rest) parts.push({ text: rest, mark: false });
  }
  return parts;
}
