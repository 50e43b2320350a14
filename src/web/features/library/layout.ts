import { captureCalls } from '../../../shared/api/capture.ts';
import { urlOf } from '../../../shared/api/define.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';

/** How the list shows its items; the choice is kept in a cookie like expand, sort and count. */
export const LIST_LAYOUTS = ['compact', 'list', 'cards'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];
export const LAYOUT_COOKIE = 'layout';
export const LAYOUT_DEFAULT: ListLayout = 'list';

export function parseLayout(value: string | undefined): ListLayout {
  return (LIST_LAYOUTS as readonly string[]).includes(value ?? '') ? (value as ListLayout) : LAYOUT_DEFAULT;
}

/** Thumbnail widths the server makes (spec part 1 §9): 160 for list rows, 550 for cards. */
const LIST_WIDTH = 160;
const CARD_WIDTH = 550;

/**
 * The picture that shows what an item is: an image's or a PDF's own thumbnail, or a page's cover
 * (its og:image, stored by the capture). Only our own addresses: a cover is never hot-linked from
 * the site (an item saved before covers were stored may still carry the site's address).
 */
export function coverUrl(
  item: Pick<ItemReply, 'type_name' | 'thumbnail_url'>,
  layout: ListLayout,
): string | null {
  const url = item.thumbnail_url;
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  if (item.type_name === 'image' || item.type_name === 'pdf') {
    const width = layout === 'cards' ? CARD_WIDTH : LIST_WIDTH;
    return url.replace(/\/thumb\/\d+(?=$|[?#])/, `/thumb/${width}`);
  }
  return item.type_name === 'bookmark' ? url : null;
}

/** The site icon of a page's host, stored when one of its pages was captured. */
export function faviconUrl(item: Pick<ItemReply, 'type_name' | 'host' | 'url'>): string | null {
  if (item.type_name !== 'bookmark' || !item.host) return null;
  // icons are kept per host and port, as a URL's `host` says; `item.host` has no port
  const host = URL.canParse(item.url) ? new URL(item.url).host : item.host;
  return urlOf(captureCalls.favicon, { params: { host } });
}
