import { SCREENSHOT_EVENT } from '../../../shared/extension-page.ts';
import { links } from '../../lib/links.ts';

/** The name of the personal token the connect page makes for the extension (shown in Settings). */
export const EXTENSION_TOKEN_NAME = 'Browser extension';

/** The bar shows this long after the library opens (spec part 1 §2). */
export const EXTENSION_BAR_DELAY_MS = 1000;
/** Dismissing the bar is remembered this long, like the other dismissible tips. */
export const EXTENSION_BAR_COOKIE = 'hide_extension_bar';
export const EXTENSION_BAR_COOKIE_DAYS = 1095;

/** What the browser says of itself: User-Agent Client Hints where it has them, else its UA string. */
export interface BrowserFacts {
  userAgent: string;
  /** navigator.userAgentData: only Chromium-family browsers have it */
  userAgentData?: { brands: { brand: string }[]; mobile: boolean } | undefined;
}

/** The Chromium browsers that are not Chrome: the extension is published for Chrome's store. */
const OTHER_CHROMIUM = /\b(Edge?|EdgA|Opera|OPR|Samsung|Yandex|YaBrowser|Brave|Vivaldi)\b/;
const CHROME_BRANDS = ['Google Chrome', 'Chromium', 'HeadlessChrome'];

/**
 * Desktop Chrome only (spec part 1 §2). Chromium browsers are known by their client hints (brands,
 * and mobile for phones and tablets), so a headless or test Chrome qualifies like any other; a browser
 * without hints is judged by its UA string, where Chrome (or HeadlessChrome) must not be on a phone
 * nor a browser borrowing Chrome's token.
 */
export function isDesktopChrome(facts: BrowserFacts): boolean {
  const hints = facts.userAgentData;
  if (hints && hints.brands.length > 0) {
    if (hints.mobile) return false;
    const brands = hints.brands.map((b) => b.brand);
    if (brands.some((b) => OTHER_CHROMIUM.test(b))) return false;
    return brands.some((b) => CHROME_BRANDS.includes(b));
  }
  const ua = facts.userAgent;
  if (!/(?:\b|Headless)Chrome\/\d+/.test(ua)) return false;
  if (/\b(Edg|EdgA|OPR|SamsungBrowser|YaBrowser)\//.test(ua)) return false;
  return !/\b(Mobile|Android)\b/.test(ua);
}

/** The spec's prompt (part 2 §8) where a feature needs the extension and it is not there. */
export const EXTENSION_MISSING_MESSAGE =
  'Sorry, you need to install chrome extension to enable this feature.';

/**
 * Asks the extension (its content script on this Folio page) to open a page and save it as rendered
 * with a screenshot of it; the detail is the page's address, a string (an object would not reach the
 * content script's world). False when the extension is not there.
 */
export function askExtensionForScreenshot(root: HTMLElement, url: string): boolean {
  if (!hasExtension(root)) return false;
  root.ownerDocument.dispatchEvent(new CustomEvent(SCREENSHOT_EVENT, { detail: url }));
  return true;
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
