import { describe, expect, it } from 'vitest';
import { folioOrigin, isFolioPage, originPattern, pageUrl, socketUrl } from './url.ts';

describe('pageUrl', () => {
  it('keeps the address of the page, without its fragment', () => {
    expect(pageUrl('https://news.example/a/b?id=7&lang=en#part-2')).toBe(
      'https://news.example/a/b?id=7&lang=en',
    );
    expect(pageUrl('http://127.0.0.1:8080/page')).toBe('http://127.0.0.1:8080/page');
    expect(pageUrl('https://Example.COM')).toBe('https://example.com/');
  });

  it('refuses what is not a web page', () => {
    for (const href of [
      'chrome://extensions',
      'about:blank',
      'file:///etc/passwd',
      'data:text/html,x',
      'javascript:1',
      'not a url',
      '',
    ]) {
      expect(pageUrl(href), href).toBeNull();
    }
  });
});

describe('folioOrigin', () => {
  it('reads the origin of what the user typed, https when no scheme', () => {
    expect(folioOrigin(' https://folio.example/user/ann ')).toBe('https://folio.example');
    expect(folioOrigin('folio.example')).toBe('https://folio.example');
    expect(folioOrigin('http://localhost:3000/')).toBe('http://localhost:3000');
  });

  it('refuses anything else', () => {
    for (const typed of ['', '   ', 'ftp://folio.example', 'javascript:alert(1)', 'https://']) {
      expect(folioOrigin(typed), typed).toBeNull();
    }
  });
});

describe('the Folio origin', () => {
  it('is granted as one host (match patterns carry no port)', () => {
    expect(originPattern('http://127.0.0.1:3651')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://folio.example')).toBe('https://folio.example/*');
  });

  it('tells its pages apart by the whole origin, port included', () => {
    expect(isFolioPage('http://127.0.0.1:3651/user/ann', 'http://127.0.0.1:3651')).toBe(true);
    expect(isFolioPage('http://127.0.0.1:4000/user/ann', 'http://127.0.0.1:3651')).toBe(false);
    expect(isFolioPage('https://folio.example.evil/x', 'https://folio.example')).toBe(false);
    expect(isFolioPage('https://folio.example/x', null)).toBe(false);
  });

  it('gives its live socket with ws or wss', () => {
    expect(socketUrl('https://folio.example', { name: 'ann b' })).toBe(
      'wss://folio.example/websocket?name=ann+b',
    );
    expect(socketUrl('http://127.0.0.1:3651', {})).toBe('ws://127.0.0.1:3651/websocket');
  });
});
