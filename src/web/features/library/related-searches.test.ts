import { describe, expect, it } from 'vitest';
import { fulltextOption, tagSearchFor } from './related-searches.ts';

describe('tag search offer', () => {
  it('offers plain words as a tag', () => {
    expect(tagSearchFor('design')).toBe('#"design"');
    expect(tagSearchFor('  web  design ')).toBe('#"web design"');
  });

  it('offers nothing for searches that already use the syntax', () => {
    for (const what of ['', '#design', '@example.com', '"a phrase"', 'a NOT b', 'a OR b', '-draft']) {
      expect(tagSearchFor(what)).toBeNull();
    }
  });
});

describe('fulltextOption', () => {
  it('offers premium users the typed words as a full-text search', () => {
    expect(fulltextOption('  tomato vinegar ', true, false)).toBe('tomato vinegar');
  });

  it('is not offered to free users, when full text is already on, or for an empty box', () => {
    expect(fulltextOption('tomato', false, false)).toBeNull();
    expect(fulltextOption('tomato', true, true)).toBeNull();
    expect(fulltextOption('   ', true, false)).toBeNull();
  });
});
