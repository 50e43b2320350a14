import { describe, expect, it } from 'vitest';
import { downloadUrl, fileUrl, rotate, step, thumbUrl } from './preview.ts';

describe('rotate', () => {
  it('turns in 90-degree steps and wraps at 360 both ways', () => {
    expect(rotate(0, 'right')).toBe(90);
    expect(rotate(90, 'right')).toBe(180);
    expect(rotate(270, 'right')).toBe(0);
    expect(rotate(0, 'left')).toBe(270);
    expect(rotate(90, 'left')).toBe(0);
    let r = 0;
    for (let i = 0; i < 4; i++) r = rotate(r, 'left');
    expect(r).toBe(0);
  });
});

describe('step', () => {
  it('moves within the list and stops at both ends, saying so', () => {
    expect(step(0, 1, 3)).toEqual({ index: 1, atEnd: false });
    expect(step(2, 1, 3)).toEqual({ index: 2, atEnd: true });
    expect(step(0, -1, 3)).toEqual({ index: 0, atEnd: true });
    expect(step(1, -1, 3)).toEqual({ index: 0, atEnd: false });
    expect(step(0, 1, 1)).toEqual({ index: 0, atEnd: true });
  });
});

describe('file and thumbnail URLs', () => {
  it('picks the thumbnail width from the server name, and keeps other thumbnails', () => {
    expect(thumbUrl({ thumbnail_url: '/api/files/items/5/thumb/550' }, 160)).toBe(
      '/api/files/items/5/thumb/160',
    );
    expect(thumbUrl({ thumbnail_url: '/api/files/items/5/thumb/550?v=2' }, 150)).toBe(
      '/api/files/items/5/thumb/150?v=2',
    );
    expect(thumbUrl({ thumbnail_url: 'https://example.com/og.png' }, 160)).toBe('https://example.com/og.png');
    expect(thumbUrl({ thumbnail_url: '' }, 160)).toBe('');
  });

  it('shows the file inline and downloads it with download=1', () => {
    expect(fileUrl({ download_url: '/api/files/items/5/file?download=1' })).toBe('/api/files/items/5/file');
    expect(downloadUrl({ download_url: '/api/files/items/5/file' })).toBe(
      '/api/files/items/5/file?download=1',
    );
    expect(downloadUrl({ download_url: '/api/files/items/5/file?download=1' })).toBe(
      '/api/files/items/5/file?download=1',
    );
    expect(downloadUrl({ download_url: '' })).toBe('');
  });
});
