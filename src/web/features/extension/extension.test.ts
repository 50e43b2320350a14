import { describe, expect, it } from 'vitest';
import { bookmarkletHref, isDesktopChrome } from './extension.ts';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeOS:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

const hints = (brands: string[], mobile = false) => ({
  brands: [{ brand: 'Not)A;Brand' }, ...brands.map((brand) => ({ brand }))],
  mobile,
});

describe('isDesktopChrome', () => {
  it('accepts Chrome on the desktop, ChromeOS included', () => {
    expect(isDesktopChrome({ userAgent: UA.chromeLinux })).toBe(true);
    expect(isDesktopChrome({ userAgent: UA.chromeMac })).toBe(true);
    expect(isDesktopChrome({ userAgent: UA.chromeOS })).toBe(true);
  });

  it('accepts headless Chrome, by its UA string or its client hints', () => {
    expect(isDesktopChrome({ userAgent: UA.headless })).toBe(true);
    expect(
      isDesktopChrome({ userAgent: UA.headless, userAgentData: hints(['HeadlessChrome', 'Chromium']) }),
    ).toBe(true);
  });

  it('reads the client hints before the UA string', () => {
    expect(
      isDesktopChrome({ userAgent: UA.firefox, userAgentData: hints(['Google Chrome', 'Chromium']) }),
    ).toBe(true);
    expect(
      isDesktopChrome({ userAgent: UA.chromeLinux, userAgentData: hints(['Microsoft Edge', 'Chromium']) }),
    ).toBe(false);
    expect(isDesktopChrome({ userAgent: UA.chromeLinux, userAgentData: hints(['Opera', 'Chromium']) })).toBe(
      false,
    );
    expect(
      isDesktopChrome({ userAgent: UA.chromeLinux, userAgentData: hints(['Google Chrome'], true) }),
    ).toBe(false);
    // a browser with hints but no brands falls back to its UA string
    expect(isDesktopChrome({ userAgent: UA.firefox, userAgentData: { brands: [], mobile: false } })).toBe(
      false,
    );
  });

  it('refuses phones and the browsers that borrow the Chrome token', () => {
    for (const ua of [UA.chromeAndroid, UA.edge, UA.opera, UA.firefox, UA.safari]) {
      expect(isDesktopChrome({ userAgent: ua })).toBe(false);
    }
  });
});

/**
 * Runs the bookmarklet as a browser would on a page at `pageUrl`: its code after `javascript:`, with
 * that page's location and a window.open that records where it was asked to go.
 */
function runBookmarklet(href: string, pageUrl: string): { url: string; target: string; features: string }[] {
  expect(href.startsWith('javascript:')).toBe(true);
  const opened: { url: string; target: string; features: string }[] = [];
  const window = {
    open: (url: string, target: string, features: string) => opened.push({ url, target, features }),
  };
  new Function('window', 'location', href.slice('javascript:'.length))(window, new URL(pageUrl));
  return opened;
}

describe('bookmarkletHref', () => {
  it("opens the user's add form in a new tab with the page's address, which survives the round trip", () => {
    const page = 'https://news.example/a path?q=1&lang=fr#part 2';
    const opened = runBookmarklet(bookmarkletHref('https://folio.example', 'ann b'), page);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0]!.url);
    expect(url.origin + url.pathname).toBe('https://folio.example/user/ann%20b');
    expect(url.searchParams.get('add')).toBe(new URL(page).href);
    expect(opened[0]).toMatchObject({ target: '_blank', features: 'noopener' });
  });
});
