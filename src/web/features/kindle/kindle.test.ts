import { describe, expect, it } from 'vitest';
import { type AnnotationReply, SHAPE } from '../../../shared/schemas/annotations.ts';
import {
  clippingsFileError,
  importResultText,
  inLocationOrder,
  kindlePlace,
  kindleText,
  locationStart,
  placeLabel,
} from './kindle.ts';

const MB = 1024 * 1024;

describe('clippingsFileError', () => {
  const file = (name: string, size: number, type = 'text/plain') => ({ name, size, type });
  it('lets a text file through', () => {
    expect(clippingsFileError(file('My Clippings.txt', 2000), MB)).toBeNull();
    expect(clippingsFileError(file('clippings.TXT', 2000, ''), MB)).toBeNull();
  });
  it('refuses other files, empty files and files over the limit', () => {
    expect(clippingsFileError(file('book.pdf', 10, 'application/pdf'), MB)).toBe(kindleText.notText);
    expect(clippingsFileError(file('notes.txt', 10, 'image/png'), MB)).toBe(kindleText.notText);
    expect(clippingsFileError(file('My Clippings.txt', 0), MB)).toBe(kindleText.empty);
    expect(clippingsFileError(file('My Clippings.txt', 3 * MB), 2 * MB)).toBe(
      'This file is too large: at most 2 MB.',
    );
  });
});

describe('importResultText', () => {
  it('counts books and highlights', () => {
    expect(importResultText({ items: 3, highlights: 12 })).toBe('3 books and 12 highlights imported');
    expect(importResultText({ items: 1, highlights: 1 })).toBe('1 book and 1 highlight imported');
    expect(importResultText({ items: 0, highlights: 2 })).toBe('0 books and 2 highlights imported');
    expect(importResultText({ items: 2, highlights: 5, stickyNotes: 1 })).toBe(
      '2 books and 5 highlights imported, with 1 note',
    );
    expect(importResultText({ items: 0, highlights: 0, stickyNotes: 3 })).toBe(
      '0 books and 0 highlights imported, with 3 notes',
    );
  });
  it('says so when nothing was new', () => {
    expect(importResultText({ items: 0, highlights: 0 })).toBe(kindleText.nothingNew);
    expect(importResultText({ items: 0, highlights: 0, stickyNotes: 0 })).toBe(kindleText.nothingNew);
  });
});

let nextId = 1;
function kindle(location: string | null, created = 0): AnnotationReply {
  const id = nextId++;
  return {
    id,
    link_id: 1,
    anchored: true,
    shape: SHAPE.kindleHighlight,
    content: `at ${location}`,
    ann_md5: `m${id}`,
    extra: { color: 'yellow' },
    selector:
      location === null
        ? null
        : [
            {
              type: 'KindleLocationSelector',
              location,
              page: '4',
              added: 'Monday, 5 May 2025',
              kind: 'highlight',
            },
          ],
    stickyNotes: [],
    created_at: created,
  };
}

describe('locations', () => {
  it('reads the first number of a location', () => {
    expect(locationStart('1406-1409')).toBe(1406);
    expect(locationStart('77')).toBe(77);
    expect(locationStart('')).toBe(Number.POSITIVE_INFINITY);
  });

  it('orders by location, then by time added; unplaced ones last', () => {
    const list = [kindle('300-310'), kindle(null), kindle('25', 5), kindle('25', 1), kindle('1200-1201')];
    expect(inLocationOrder(list).map((a) => a.content)).toEqual([
      'at 25',
      'at 25',
      'at 300-310',
      'at 1200-1201',
      'at null',
    ]);
    expect(inLocationOrder(list)[0]?.created_at).toBe(1);
  });

  it('reads the place of a kindle highlight and labels it', () => {
    const place = kindlePlace(kindle('300-310'));
    expect(place).toEqual({ location: '300-310', page: '4', added: 'Monday, 5 May 2025', kind: 'highlight' });
    expect(placeLabel(place!)).toBe('Page 4 · Location 300-310 · Added on Monday, 5 May 2025');
    expect(kindlePlace(kindle(null))).toBeNull();
    expect(placeLabel({ location: '9', page: '', added: '', kind: 'note' })).toBe('Location 9');
  });
});
