import { describe, expect, it } from 'vitest';
import { coverUrl, faviconUrl, parseLayout } from './layout.ts';

describe('list layouts', () => {
  it('reads the cookie, falling back to the list', () => {
    expect(parseLayout('cards')).toBe('cards');
    expect(parseLayout('compact')).toBe('compact');
    expect(parseLayout(undefined)).toBe('list');
    expect(parseLayout('grid')).toBe('list');
  });
});

describe('covers', () => {
  it("shows a page's stored cover, and never a site's own address", () => {
    const stored = '/api/files/pages/7/abcdefghijklmnopqrstuv.jpg';
    expect(coverUrl({ type_name: 'bookmark', thumbnail_url: stored }, 'list')).toBe(stored);
    expect(
      coverUrl({ type_name: 'bookmark', thumbnail_url: 'https://site.example/og.jpg' }, 'list'),
    ).toBeNull();
    expect(coverUrl({ type_name: 'bookmark', thumbnail_url: '//site.example/og.jpg' }, 'list')).toBeNull();
    expect(coverUrl({ type_name: 'bookmark', thumbnail_url: '' }, 'list')).toBeNull();
  });

  it("sizes a PDF's or an image's thumbnail for the layout", () => {
    const pdf = { type_name: 'pdf' as const, thumbnail_url: '/api/files/items/9/thumb/550' };
    expect(coverUrl(pdf, 'list')).toBe('/api/files/items/9/thumb/160');
    expect(coverUrl(pdf, 'cards')).toBe('/api/files/items/9/thumb/550');
    expect(coverUrl({ type_name: 'note', thumbnail_url: '/x' }, 'list')).toBeNull();
  });

  it("asks for a page's site icon by its host and port", () => {
    const page = {
      type_name: 'bookmark' as const,
      host: 'news.example.com',
      url: 'https://news.example.com/a',
    };
    expect(faviconUrl(page)).toBe('/api/favicons/news.example.com');
    expect(faviconUrl({ ...page, host: '127.0.0.1', url: 'http://127.0.0.1:8080/a' })).toBe(
      '/api/favicons/127.0.0.1%3A8080',
    );
    expect(faviconUrl({ ...page, url: 'not a url' })).toBe('/api/favicons/news.example.com');
    expect(faviconUrl({ type_name: 'note', host: '', url: '' })).toBeNull();
  });
});
