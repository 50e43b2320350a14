/**
 * Where the reader is in an article: the progress shown in the bar, and the place remembered per
 * item in this browser (localStorage) so the article opens again where it was left.
 */

/** Items whose place is remembered; the oldest is forgotten past this. */
export const POSITIONS_KEPT = 200;
const STORAGE_KEY = 'folio-reading-positions';

export interface ArticleBox {
  /** the article's top and height in page coordinates */
  top: number;
  height: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** How much of the article has been read: 0 before its top reaches the screen's bottom, 1 at its end. */
export function progressOf(box: ArticleBox, scrollY: number, viewportHeight: number): number {
  if (box.height <= 0) return 0;
  const seenTo = scrollY + viewportHeight - box.top;
  return clamp01(seenTo / box.height);
}

/** The place to remember: how far into the article the top of the screen is. */
export function placeOf(box: ArticleBox, scrollY: number, coveredTop: number): number {
  if (box.height <= 0) return 0;
  return clamp01((scrollY + coveredTop - box.top) / box.height);
}

/** The scroll offset that brings a remembered place back to the top of the screen. */
export function scrollFor(box: ArticleBox, place: number, coveredTop: number): number {
  return Math.max(0, box.top + clamp01(place) * box.height - coveredTop);
}

/** [link_id, place] pairs, oldest first (object keys that look like numbers would not keep their order). */
export type Positions = [number, number][];

function readAll(): Positions {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (p): p is [number, number] =>
        Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number' && Number.isFinite(p[1]),
    );
  } catch {
    return [];
  }
}

export function readPlace(linkId: number): number | null {
  const found = readAll().find(([id]) => id === linkId);
  return found ? clamp01(found[1]) : null;
}

/** Remembers a place; the newest is kept last, and the list is cut to POSITIONS_KEPT. */
export function remember(positions: Positions, linkId: number, place: number): Positions {
  const next = positions.filter(([id]) => id !== linkId);
  // a place at the very top is the default: nothing to remember
  if (place > 0.01) next.push([linkId, Math.round(place * 1000) / 1000]);
  return next.slice(-POSITIONS_KEPT);
}

export function writePlace(linkId: number, place: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(remember(readAll(), linkId, place)));
  } catch {
    // storage blocked or full: the place is not remembered
  }
}
