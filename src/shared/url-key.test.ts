import { describe, expect, it } from 'vitest';
import { urlKey } from './url-key.ts';

describe('urlKey', () => {
  it('treats scheme, www., a trailing slash, fragments and tracking parameters as the same page', () => {
    const key = urlKey('https://example.com/a/b?x=1');
    for (const same of [
      'http://example.com/a/b?x=1',
      'https://www.example.com/a/b/?x=1',
      'https://EXAMPLE.com/a/b?x=1#section',
      'https://example.com/a/b?utm_source=news&x=1&fbclid=abc',
      'https://example.com:443/a/b?x=1',
    ]) {
      expect(urlKey(same), same).toBe(key);
    }
  });

  it('keeps what changes the page apart', () => {
    const key = urlKey('https://example.com/a/b?x=1');
    for (const other of [
      'https://example.com/a/b?x=2',
      'https://example.com/a/B?x=1',
      'https://example.com/a/b',
      'https://example.com:8080/a/b?x=1',
      'https://sub.example.com/a/b?x=1',
    ]) {
      expect(urlKey(other), other).not.toBe(key);
    }
  });

  it('orders parameters and leaves a text that is no address as it is, lower-cased', () => {
    expect(urlKey('https://e.com/?b=2&a=1')).toBe(urlKey('https://e.com/?a=1&b=2'));
    expect(urlKey(' Not A URL ')).toBe('not a url');
  });
});
