import { describe, expect, it } from 'vitest';
import { emptyKind } from './empty-kind.ts';
import { parseView } from './view.ts';

const view = (query: string) => emptyKind(parseView(new URLSearchParams(query)));

describe('empty states', () => {
  it('picks the state by the view, search first', () => {
    expect(view('')).toBe('default');
    expect(view('page=3')).toBe('default');
    expect(view('query=%23design')).toBe('search');
    expect(view('query=x&unread=yes')).toBe('search');
    expect(view('unread=yes&filter=bookmark')).toBe('unread');
    expect(view('filter=kindle')).toBe('kindle');
    expect(view('filter=pdf')).toBe('items');
    expect(view('privacy=private')).toBe('items');
    expect(view('ann=yes')).toBe('items');
    expect(view('inoutliner=no')).toBe('items');
  });
});
