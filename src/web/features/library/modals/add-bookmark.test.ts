import { describe, expect, it } from 'vitest';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { parseTagInput } from '../../../../shared/tags.ts';
import { detailsFrom, normaliseUrl } from './add-bookmark.ts';

const meta = { title: 'Growing Tomatoes', description: 'Pots and sun.', tags: ['tomatoes', 'city life'] };

describe('add bookmark details', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    [' example.com/a ', 'https://example.com/a'],
    ['http://x.test/', 'http://x.test/'],
    ['HTTPS://x.test/', 'HTTPS://x.test/'],
  ])('normalises %j to %j', (typed, url) => {
    expect(normaliseUrl(typed)).toBe(url);
  });

  it('fills a new bookmark from the metadata, quoting tags with spaces', () => {
    expect(detailsFrom(meta)).toEqual({
      title: 'Growing Tomatoes',
      tags: 'tomatoes "city life" ',
      description: 'Pots and sun.',
      unread: false,
      private: false,
    });
  });

  it('ends pre-filled tags with a separator, so typing starts a new tag', () => {
    const typed = `${detailsFrom({ ...meta, tags: ['bread', 'programming', 'rust'] }).tags}pro`;
    expect(parseTagInput(typed)).toEqual(['bread', 'programming', 'rust', 'pro']);
    expect(detailsFrom({ ...meta, tags: [] }).tags).toBe('');
  });

  it("keeps an existing bookmark's own details instead of the recommendations", () => {
    const existing = {
      title: 'My tomato notes',
      t_name: 'garden,to read',
      description: '',
      readed: 0,
      private: 1,
    } as ItemReply;
    expect(detailsFrom(meta, existing)).toEqual({
      title: 'My tomato notes',
      tags: 'garden "to read" ',
      description: 'Pots and sun.',
      unread: true,
      private: true,
    });
  });
});
