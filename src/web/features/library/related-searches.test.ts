import { describe, expect, it } from 'vitest';
import { tagSearchFor } from './related-searches.ts';

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
