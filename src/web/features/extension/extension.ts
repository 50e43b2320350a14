import { links } from '../../lib/links.ts';

/** The bar shows this long after the library opens (spec part 1 §2). */
export const EXTENSION_BAR_DELAY_MS = 1000;
/** Dismissing the bar is remembered this long, like the other dismissible tips. */
export const EXTENSION_BAR_COOKIE = 'hide_extension_bar';
export const EXTENSION_BAR_COOKIE_DAYS = 1095;

/**
 * Desktop Chrome only (spec part 1 §2): Chrome's user agent, not a phone or tablet, and not one of
 * the browsers that borrow Chrome's token (Edge, Opera, Samsung Internet).
 */
export function isDesktopChrome(userAgent: string): boolean {
  if (!/\bChrome\/\d+/.test(userAgent)) return false;
  if (/\b(Edg|EdgA|OPR|SamsungBrowser|YaBrowser)\//.test(userAgent)) return false;
  return !/\b(Mobile|Android)\b/.test(userAgent);
}

/**
 * The page marks itself when the Folio extension is installed: the extension's content script sets
 * `data-folio-extension` on <html>, which pages can read without any permission.
 */
export function hasExtension(root: HTMLElement): boolean {
  return root.dataset.folioExtension !== undefined;
}

/**
 * Until the extension is published, the bar offers its one-click equivalent: a bookmarklet that
 * opens the add-bookmark form of the user's library with the current tab's address (the form reads
 * the title and description from the page itself).
 */
export function bookmarkletHref(origin: string, username: string): string {
  const target = `${origin}${links.library(username)}?add=`;
  return `javascript:(()=>{window.open(${JSON.stringify(target)}+encodeURIComponent(location.href),'_blank','noopener')})()`;
}
