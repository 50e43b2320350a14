/**
 * What Folio's pages and the browser extension's content script say to each other in the page: a
 * DOM event the library dispatches (Take screenshot) with the page's address as its detail.
 */
export const SCREENSHOT_EVENT = 'folio-extension:screenshot';
