import { describe, expect, it } from 'vitest';
import { libraryText } from './messages.ts';

describe('search summary', () => {
  it('counts pages of results', () => {
    expect(libraryText.searchSummary(2, 3, 60, 'bread')).toBe('Page 2 of 3 results for bread');
  });

  it('says nothing was found instead of Page 1 of 1', () => {
    expect(libraryText.searchSummary(1, 1, 0, 'bread')).toBe('No results for bread');
  });
});
