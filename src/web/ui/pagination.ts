/** A page number, or a gap standing for the pages left out between two numbers. */
export type PageEntry = { kind: 'page'; page: number } | { kind: 'gap'; key: 'before' | 'after' };

export const PAGE_WINDOW = 5;

/**
 * The entries of a page navigation (spec part 1 §2): up to five page numbers around the current page,
 * plus the first and last pages, with a gap wherever pages are left out. Pages are 1-based.
 */
export function pageEntries(current: number, pageCount: number): PageEntry[] {
  if (pageCount < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), pageCount);
  let start = Math.max(1, page - Math.floor(PAGE_WINDOW / 2));
  const end = Math.min(pageCount, start + PAGE_WINDOW - 1);
  start = Math.max(1, end - PAGE_WINDOW + 1);

  const entries: PageEntry[] = [];
  if (start > 1) entries.push({ kind: 'page', page: 1 });
  if (start > 2) entries.push({ kind: 'gap', key: 'before' });
  for (let p = start; p <= end; p++) entries.push({ kind: 'page', page: p });
  if (end < pageCount - 1) entries.push({ kind: 'gap', key: 'after' });
  if (end < pageCount) entries.push({ kind: 'page', page: pageCount });
  return entries;
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
