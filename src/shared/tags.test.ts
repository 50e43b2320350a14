import { describe, expect, it } from 'vitest';
import { formatTagInput, parseTagInput, prefillTagInput, splitTagNames, splitTName } from './tags.ts';

describe('parseTagInput', () => {
  it.each([
    ['design css', ['design', 'css']],
    ['  design   css  ', ['design', 'css']],
    ['"web design" css', ['web design', 'css']],
    ['a,b, c', ['a', 'b', 'c']],
    ['"a","b c"', ['a', 'b c']],
    ['Design design DESIGN', ['Design']],
    ['no_tag real NO_TAG', ['real']],
    ['"" ""', []],
    ['"unterminated quote', ['unterminated quote']],
    ['日本語 café', ['日本語', 'café']],
    ['""spaced   out""', ['spaced', 'out']],
    // a comma separates tags even inside quotes (issue 27): t_name joins names with commas
    ['"tips, tricks" css', ['tips', 'tricks', 'css']],
    ['"a,b c"', ['a', 'b c']],
    ['"," ,', []],
    ['"unterminated, quote', ['unterminated', 'quote']],
  ])('%j -> %j', (input, expected) => {
    expect(parseTagInput(input)).toEqual(expected);
  });

  it('round-trips through formatTagInput', () => {
    const tags = ['web design', 'css', '日本語'];
    expect(parseTagInput(formatTagInput(tags))).toEqual(tags);
  });

  it('splits t_name', () => {
    expect(splitTName('')).toEqual([]);
    expect(splitTName('a,web design')).toEqual(['a', 'web design']);
  });
});

describe('splitTagNames: tag names given one by one (chips, imports, t_name of a copy)', () => {
  it('splits each at commas, cleans and dedupes them', () => {
    expect(splitTagNames(['tips, tricks', ' web   design ', 'Tips', ',', 'no_tag', 'a'])).toEqual([
      'tips',
      'tricks',
      'web design',
      'a',
    ]);
  });
  it('keeps quotes inside a name given alone', () => {
    expect(splitTagNames(['say "hi"'])).toEqual(['say "hi"']);
  });
});

describe('prefillTagInput (issue 14, defect 5: recommended tags made junk tags)', () => {
  it('ends pre-filled tags with the separator, so typing starts a new tag', () => {
    const field = prefillTagInput(['bread', 'programming', 'rust']);
    expect(field).toBe('bread programming rust ');
    expect(parseTagInput(`${field}pro`)).toEqual(['bread', 'programming', 'rust', 'pro']);
  });
  it('leaves an empty field empty', () => {
    expect(prefillTagInput([])).toBe('');
  });
});
