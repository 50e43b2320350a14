import type { ItemReply } from '../../../shared/schemas/items.ts';

/** Spec part 1 §2, §4, §9: the image preview's rules. */
export const NO_MORE_PICTURES = 'No more pictures !';
/** the end-of-list box hides this long after going back */
export const NO_MORE_HIDE_MS = 1000;
export const GRID_THUMB = 550;
export const LIST_THUMB = 160;
export const PREVIEW_THUMB = 150;
/** grid titles: 15 characters in the library grid, 30 in the item view's grid */
export const LIBRARY_GRID_TITLE_MAX = 15;
export const ITEM_GRID_TITLE_MAX = 30;

export type Rotation = 0 | 90 | 180 | 270;

/** Rotates in 90-degree steps, wrapping at 360 (left is -90). */
export function rotate(current: number, direction: 'left' | 'right'): Rotation {
  const next = (((current + (direction === 'right' ? 90 : -90)) % 360) + 360) % 360;
  return next as Rotation;
}

/**
 * Previous/next through the list: stops at the ends (spec part 1 §5) and says so, so the preview
 * can show 'No more pictures !'.
 */
export function step(index: number, delta: -1 | 1, length: number): { index: number; atEnd: boolean } {
  const next = index + delta;
  if (next < 0 || next >= length) return { index, atEnd: true };
  return { index: next, atEnd: false };
}

/**
 * The URL of an item's thumbnail at one of the spec's widths. The server names its thumbnails
 * .../thumb/{width}; any other thumbnail (a bookmark's page image) is used as it is.
 */
export function thumbUrl(item: Pick<ItemReply, 'thumbnail_url'>, width: number): string {
  const url = item.thumbnail_url;
  if (!url) return '';
  return url.replace(/\/thumb\/\d+(?=$|[?#])/, `/thumb/${width}`);
}

/** The file itself for showing, and for saving (with ?download=1). */
export function fileUrl(item: Pick<ItemReply, 'download_url'>): string {
  return item.download_url.replace(/([?&])download=1(&|$)/, '$1').replace(/[?&]$/, '');
}

export function downloadUrl(item: Pick<ItemReply, 'download_url'>): string {
  const base = fileUrl(item);
  if (!base) return '';
  return `${base}${base.includes('?') ? '&' : '?'}download=1`;
}

export function rotationStyle(rotation: number): { transform?: string } {
  return rotation ? { transform: `rotate(${rotation}deg)` } : {};
}
