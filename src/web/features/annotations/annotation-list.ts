import { searchWords } from '../../../shared/annotation-words.ts';
import { ANNOTATION_LIMIT } from '../../../shared/limits.ts';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';

/** The list's own words (spec part 1 §4); the calls' notifications are in messages.ts. */
export const annotationListText = {
  showLess: 'Show less',
  showMore: (n: number) => `Show ${n} more annotation(s)`,
} as const;

/**
 * Which annotations a library row shows (spec part 1 §4): 'limit' the first three, float notes
 * first and highlights filling the rest; 'searched' the ones whose text matches the library search;
 * 'all' every one, after the reader asked for more.
 */
export type AnnotationListMode = 'limit' | 'searched' | 'all';

export interface AnnotationListView {
  mode: AnnotationListMode;
  shown: AnnotationReply[];
  /** how many the row leaves out: the 'Show N more annotation(s)' number */
  hidden: number;
  /** 'Show less' is offered: everything is shown and a shorter list exists */
  canShowLess: boolean;
}

/** Float notes first, then the rest, each group in its own order (the server sends oldest first). */
export function orderForList(annotations: readonly AnnotationReply[]): AnnotationReply[] {
  const floats = annotations.filter((a) => a.shape === SHAPE.floatNote);
  return [...floats, ...annotations.filter((a) => a.shape !== SHAPE.floatNote)];
}

/** An annotation matches when its text or one of its sticky notes holds any of the words. */
export function matchesWords(annotation: AnnotationReply, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const texts = [annotation.content, ...annotation.stickyNotes.map((n) => n.content)].map((t) =>
    t.toLowerCase(),
  );
  return words.some((word) => texts.some((text) => text.includes(word)));
}

/**
 * The row's list for its annotations, the library search and whether the reader asked for all.
 * A search that matches none of the row's annotations (say, it matched the title) keeps 'limit'.
 */
export function annotationListView(
  annotations: readonly AnnotationReply[],
  options: { what: string; showAll: boolean; limit?: number; total?: number },
): AnnotationListView {
  const limit = options.limit ?? ANNOTATION_LIMIT;
  const ordered = orderForList(annotations);
  // a library row carries its first few; `total` counts the ones still on the server
  const total = Math.max(options.total ?? ordered.length, ordered.length);
  const words = searchWords(options.what);
  const matched = words.length ? ordered.filter((a) => matchesWords(a, words)) : [];
  const base: Pick<AnnotationListView, 'mode' | 'shown'> =
    matched.length > 0
      ? { mode: 'searched', shown: matched }
      : { mode: 'limit', shown: ordered.slice(0, limit) };
  if (options.showAll && base.shown.length < total) {
    return { mode: 'all', shown: ordered, hidden: total - ordered.length, canShowLess: true };
  }
  return { ...base, hidden: total - base.shown.length, canShowLess: false };
}

/**
 * Where a click on an annotation goes: its item, scrolled to it (`ann_md5`), keeping the list's query
 * so the item view knows the list it came from.
 */
export function annotationHref(itemPath: string, listSearch: string, annMd5: string): string {
  const search = new URLSearchParams(listSearch);
  search.delete('ann_md5');
  search.set('ann_md5', annMd5);
  return `${itemPath}?${search.toString()}`;
}
