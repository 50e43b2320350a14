import { parseSearch } from './search-query.ts';

/**
 * The words and phrases of a library search an annotation can match, lower-cased (the row's
 * 'searched' list, spec part 1 §4). Tags, hosts and negated terms say nothing about an
 * annotation's text, so they are left out.
 */
export function searchWords(what: string): string[] {
  const words = parseSearch(what)
    .clauses.flatMap((c) => c.anyOf)
    .filter((t) => !t.negated && (t.kind === 'word' || t.kind === 'phrase'))
    .map((t) => t.value.toLowerCase());
  return [...new Set(words)];
}
