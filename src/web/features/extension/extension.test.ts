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
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('isDesktopChrome', () => {
  it('accepts Chrome on the desktop, ChromeOS included', () => {
    expect(isDesktopChrome(UA.chromeLinux)).toBe(true);
    expect(isDesktopChrome(UA.chromeMac)).toBe(true);
    expect(isDesktopChrome(UA.chromeOS)).toBe(true);
  });

  it('refuses phones and the browsers that borrow the Chrome token', () => {
    for (const ua of [UA.chromeAndroid, UA.edge, UA.opera, UA.firefox, UA.safari]) {
      expect(isDesktopChrome(ua)).toBe(false);
    }
  });
});

describe('bookmarkletHref', () => {
  it("opens the user's add form with the tab's address, encoded", () => {
    const href = bookmarkletHref('https://folio.example', 'ann b');
    expect(href.startsWith('javascript:')).toBe(true);
    expect(href).toContain('"https://folio.example/user/ann%20b?add="');
    expect(href).toContain('encodeURIComponent(location.href)');
  });
});
