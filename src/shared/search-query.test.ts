import { describe, expect, it } from 'vitest';
import {
  type AdvancedSearch,
  applySuggestion,
  compileAdvancedSearch,
  EMPTY_ADVANCED,
  formatSearch,
  hasTagFilter,
  isAdvancedEmpty,
  NO_TAG,
  type ParsedSearch,
  parseSearch,
  removeTagFilter,
  type SearchTerm,
  selectedTags,
  suggestionPrefix,
  tagFilterText,
} from './search-query.ts';

const word = (value: string): SearchTerm => ({ kind: 'word', value, negated: false });
const phrase = (value: string): SearchTerm => ({ kind: 'phrase', value, negated: false });
const tag = (value: string): SearchTerm => ({ kind: 'tag', value, negated: false });
const host = (value: string): SearchTerm => ({ kind: 'host', value, negated: false });
const not = (term: SearchTerm): SearchTerm => ({ ...term, negated: true });
/** Builds a ParsedSearch: each argument is one clause, an array being OR'd alternatives. */
const q = (...clauses: (SearchTerm | SearchTerm[])[]): ParsedSearch => ({
  clauses: clauses.map((c) => ({ anyOf: Array.isArray(c) ? c : [c] })),
});

describe('parseSearch', () => {
  describe('words', () => {
    it.each<[string, ParsedSearch]>([
      ['', q()],
      ['   \t \n ', q()],
      ['foo', q(word('foo'))],
      ['foo bar', q(word('foo'), word('bar'))],
      ['  foo \t\tbar\n baz  ', q(word('foo'), word('bar'), word('baz'))],
      ['Foo BAR', q(word('Foo'), word('BAR'))],
      ['café 日本語', q(word('café'), word('日本語'))],
      ['naïve\u00a0résumé', q(word('naïve'), word('résumé'))],
      ["don't", q(word("don't"))],
      ['foo#bar a@b.com', q(word('foo#bar'), word('a@b.com'))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  describe('brackets', () => {
    it.each<[string, ParsedSearch]>([
      ['(foo)', q(word('foo'))],
      ['[bar]baz', q(word('barbaz'))],
      ['{a}(b)[c]', q(word('abc'))],
      ['() [] {}', q()],
      ['( foo )', q(word('foo'))],
      ['#(foo)', q(tag('(foo)'))],
      ['#[draft]', q(tag('[draft]'))],
      ['"(kept) in phrase"', q(phrase('(kept) in phrase'))],
      ['NOT () foo', q(not(word('foo')))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  describe('tags', () => {
    it.each<[string, ParsedSearch]>([
      ['#css', q(tag('css'))],
      ['#CSS', q(tag('CSS'))],
      ['#"web design"', q(tag('web design'))],
      ['#"  web   design "', q(tag('web design'))],
      ['#"css"', q(tag('css'))],
      ['#"web design', q(tag('web design'))],
      ['#日本語', q(tag('日本語'))],
      ['#c++ #c#', q(tag('c++'), tag('c#'))],
      ['##', q(tag('#'))],
      ['#', q()],
      ['# foo', q(word('foo'))],
      ['#""', q()],
      ['#"   "', q()],
      ['#a #b', q(tag('a'), tag('b'))],
      ['#a"b c"', q(tag('a'), phrase('b c'))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });

    it('treats #no_tag (any case) as the untagged filter', () => {
      expect(parseSearch('#no_tag')).toEqual(q(tag(NO_TAG)));
      expect(parseSearch('#NO_TAG')).toEqual(q(tag(NO_TAG)));
      expect(parseSearch('#"No_Tag"')).toEqual(q(tag(NO_TAG)));
      expect(parseSearch('NOT #no_tag')).toEqual(q(not(tag(NO_TAG))));
      expect(NO_TAG).toBe('no_tag');
    });
  });

  describe('hosts', () => {
    it.each<[string, ParsedSearch]>([
      ['@example.com', q(host('example.com'))],
      ['@Example.COM', q(host('example.com'))],
      ['@www.example.com', q(host('www.example.com'))],
      ['@https://example.com/path?q=1', q(host('example.com'))],
      ['@HTTP://Sub.Example.com', q(host('sub.example.com'))],
      ['@example.com/path', q(host('example.com'))],
      ['@example.com:8080', q(host('example.com:8080'))],
      ['@', q()],
      ['@ foo', q(word('foo'))],
      ['@https://', q()],
      ['@bücher.de', q(host('bücher.de'))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  describe('phrases', () => {
    it.each<[string, ParsedSearch]>([
      ['"web design"', q(phrase('web design'))],
      ['"  web \t design  "', q(phrase('web design'))],
      ['"single"', q(phrase('single'))],
      ['"unterminated phrase here', q(phrase('unterminated phrase here'))],
      ['a "b c" d', q(word('a'), phrase('b c'), word('d'))],
      ['a "b c', q(word('a'), phrase('b c'))],
      ['""', q()],
      ['"   "', q()],
      ['"', q()],
      ['a "" b', q(word('a'), word('b'))],
      ['"#not a tag" "@nor host"', q(phrase('#not a tag'), phrase('@nor host'))],
      ['"NOT" "OR"', q(phrase('NOT'), phrase('OR'))],
      ['say"hi there"', q(word('say'), phrase('hi there'))],
      ['"café au lait"', q(phrase('café au lait'))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  describe('NOT', () => {
    it.each<[string, ParsedSearch]>([
      ['NOT foo', q(not(word('foo')))],
      ['NOT "a b"', q(not(phrase('a b')))],
      ['NOT #css', q(not(tag('css')))],
      ['NOT @example.com', q(not(host('example.com')))],
      ['a NOT b c', q(word('a'), not(word('b')), word('c'))],
      ['foo NOT', q(word('foo'))],
      ['NOT', q()],
      ['NOT NOT foo', q(not(word('foo')))],
      ['NOT # foo', q(not(word('foo')))],
      ['not foo', q(word('not'), word('foo'))],
      ['Not foo', q(word('Not'), word('foo'))],
      ['(NOT) foo', q(word('NOT'), word('foo'))],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  describe('OR', () => {
    it.each<[string, ParsedSearch]>([
      ['a OR b', q([word('a'), word('b')])],
      ['a OR b OR c', q([word('a'), word('b'), word('c')])],
      ['a OR b c', q([word('a'), word('b')], word('c'))],
      ['c a OR b', q(word('c'), [word('a'), word('b')])],
      ['a OR b c OR d', q([word('a'), word('b')], [word('c'), word('d')])],
      ['OR a', q(word('a'))],
      ['a OR', q(word('a'))],
      ['OR', q()],
      ['a OR OR b', q([word('a'), word('b')])],
      ['a OR "" b', q([word('a'), word('b')])],
      ['a or b', q(word('a'), word('or'), word('b'))],
      ['NOT a OR b', q([not(word('a')), word('b')])],
      ['a OR NOT b', q([word('a'), not(word('b'))])],
      ['a NOT OR b', q([word('a'), not(word('b'))])],
      ['#a OR #b', q([tag('a'), tag('b')])],
      ['@a.com OR @b.com', q([host('a.com'), host('b.com')])],
    ])('%j', (input, expected) => {
      expect(parseSearch(input)).toEqual(expected);
    });
  });

  it('parses a combination of everything', () => {
    expect(parseSearch('#a @b.com "x y" NOT z OR w')).toEqual(
      q(tag('a'), host('b.com'), phrase('x y'), [not(word('z')), word('w')]),
    );
    expect(parseSearch('  #"web design"\t@https://www.Dev.to/x  (react) OR [vue] NOT #no_tag "open')).toEqual(
      q(
        tag('web design'),
        host('www.dev.to'),
        [word('react'), word('vue')],
        not(tag(NO_TAG)),
        phrase('open'),
      ),
    );
  });
});

describe('formatSearch', () => {
  it.each<[ParsedSearch, string]>([
    [q(), ''],
    [q(word('foo'), word('bar')), 'foo bar'],
    [q(phrase('a b'), phrase('single')), '"a b" "single"'],
    [q(tag('css'), tag('web design'), tag('日本語')), '#css #"web design" #日本語'],
    [q(host('example.com')), '@example.com'],
    [q(not(word('a')), not(tag('b c'))), 'NOT a NOT #"b c"'],
    [q([word('a'), not(word('b'))], word('c')), 'a OR NOT b c'],
  ])('%j -> %j', (parsed, expected) => {
    expect(formatSearch(parsed)).toBe(expected);
  });

  it('keeps hand-built words that would not re-parse as words as phrases', () => {
    expect(formatSearch(q(word('OR'), word('NOT'), word('two words'), word('#x')))).toBe(
      '"OR" "NOT" "two words" "#x"',
    );
  });

  it('drops empty terms and clauses', () => {
    expect(formatSearch(q(word(''), [word(' '), word('a')]))).toBe('a');
    expect(formatSearch({ clauses: [{ anyOf: [] }, { anyOf: [word('x')] }] })).toBe('x');
  });

  const roundTrip = [
    '',
    'foo',
    '  foo   bar  ',
    'café 日本語',
    '#css',
    '#"web design"',
    '#"css"',
    '#日本語 #c++',
    '##',
    '#(foo) [bar]baz',
    '@https://Example.com/path',
    '@www.example.com',
    '"quoted phrase"',
    '"unterminated phrase',
    '"  spaced   out  "',
    'NOT foo',
    'NOT #"a b" NOT @x.com NOT "p q"',
    'a OR b',
    'a OR b OR c d',
    'OR a OR',
    'NOT',
    'a NOT OR b',
    'not or and',
    '#no_tag',
    '#NO_TAG foo',
    '#a @b.com "x y" NOT z OR w',
    '# @ "" ()',
    '#"NOT" #"OR" #@x #"#y"',
    '"NOT" OR "OR"',
    'say"hi there"again',
    '#a"b c" d',
    '\t#"tab\tinside"\n',
  ];

  it.each(roundTrip)('round-trips %j', (input) => {
    const parsed = parseSearch(input);
    const text = formatSearch(parsed);
    expect(parseSearch(text)).toEqual(parsed);
    expect(formatSearch(parseSearch(text))).toBe(text);
  });
});

describe('tag filters', () => {
  it('tagFilterText always quotes', () => {
    expect(tagFilterText('web design')).toBe('#"web design"');
    expect(tagFilterText('css')).toBe('#"css"');
    expect(tagFilterText('日本語')).toBe('#"日本語"');
    expect(tagFilterText('say "hi"')).toBe('#"say hi"');
    expect(parseSearch(tagFilterText('web design'))).toEqual(q(tag('web design')));
  });

  it('hasTagFilter matches case-insensitively and ignores negated tags and other kinds', () => {
    const parsed = parseSearch('#CSS NOT #html css #"Web Design" OR @x.com');
    expect(hasTagFilter(parsed, 'css')).toBe(true);
    expect(hasTagFilter(parsed, 'web design')).toBe(true);
    expect(hasTagFilter(parsed, 'html')).toBe(false);
    expect(hasTagFilter(parsed, 'x.com')).toBe(false);
    expect(hasTagFilter(parseSearch('css "css"'), 'css')).toBe(false);
    expect(hasTagFilter(parseSearch('#日本語'), '日本語')).toBe(true);
  });

  it.each<[string, string, string]>([
    ['#css foo', 'css', 'foo'],
    ['#CSS foo #css', 'css', 'foo'],
    ['foo NOT #css', 'CSS', 'foo'],
    ['#"web design" bar', 'Web Design', 'bar'],
    ['#a OR #css b', 'css', '#a b'],
    ['#css OR #CSS b', 'css', 'b'],
    ['css "css" @css', 'css', 'css "css" @css'],
    ['#css', 'css', ''],
    ['#no_tag x', 'no_tag', 'x'],
  ])('removeTagFilter(%j, %j) -> %j', (input, name, expected) => {
    expect(removeTagFilter(input, name)).toBe(expected);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['#css #"web design" foo', ['css', 'web design']],
    ['#css #CSS', ['css']],
    ['NOT #css #html', ['html']],
    ['#a OR #b #c', ['c']],
    ['#no_tag #x', ['x']],
    ['@a.com "a b" word', []],
    ['#日本語', ['日本語']],
  ])('selectedTags(%j) -> %j', (input, expected) => {
    expect(selectedTags(parseSearch(input))).toEqual(expected);
  });
});

describe('advanced search', () => {
  const adv = (a: Partial<AdvancedSearch>): AdvancedSearch => ({ ...EMPTY_ADVANCED, ...a });

  it('knows when it is empty', () => {
    expect(EMPTY_ADVANCED).toEqual({ allWords: '', anyWords: '', noneWords: '', domain: '' });
    expect(isAdvancedEmpty(EMPTY_ADVANCED)).toBe(true);
    expect(isAdvancedEmpty(adv({ allWords: '  ', anyWords: '\t', noneWords: '\n', domain: ' ' }))).toBe(true);
    expect(isAdvancedEmpty(adv({ domain: 'x.com' }))).toBe(false);
    expect(isAdvancedEmpty(adv({ noneWords: 'a' }))).toBe(false);
  });

  it.each<[Partial<AdvancedSearch>, string]>([
    [{}, ''],
    [{ allWords: '   ', anyWords: ' ', noneWords: '', domain: '  ' }, ''],
    [{ allWords: 'react hooks' }, 'react hooks'],
    [{ allWords: '"web design" css' }, '"web design" css'],
    [{ allWords: '"unterminated phrase' }, '"unterminated phrase"'],
    [{ allWords: '#css a OR b' }, '#css a OR b'],
    [{ allWords: '(react)' }, 'react'],
    [{ anyWords: 'react vue' }, 'react OR vue'],
    [{ anyWords: 'react "vue js" angular' }, 'react OR "vue js" OR angular'],
    [{ anyWords: 'solo' }, 'solo'],
    [{ noneWords: 'ads spam' }, 'NOT ads NOT spam'],
    [{ noneWords: '"sponsored post" #junk' }, 'NOT "sponsored post" NOT #junk'],
    [{ domain: 'Example.com' }, '@example.com'],
    [{ domain: 'https://www.example.com/page' }, '@www.example.com'],
    [{ domain: '@dev.to' }, '@dev.to'],
    [{ domain: 'a.com b.com' }, '@a.com OR @b.com'],
    [
      { allWords: 'css grid', anyWords: 'flex layout', noneWords: 'bootstrap', domain: 'css-tricks.com' },
      'css grid flex OR layout NOT bootstrap @css-tricks.com',
    ],
    [{ allWords: 'foo OR', anyWords: 'a b' }, 'foo a OR b'],
    [{ allWords: 'foo NOT', noneWords: 'x' }, 'foo NOT x'],
    [{ allWords: 'café', anyWords: '日本語 中文' }, 'café 日本語 OR 中文'],
  ])('%j -> %j', (fields, expected) => {
    const text = compileAdvancedSearch(adv(fields));
    expect(text).toBe(expected);
    expect(formatSearch(parseSearch(text))).toBe(text);
  });
});

describe('suggestions', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['   ', null],
    ['#', null],
    ['"', null],
    ['#"', null],
    ['#" ', null],
    ['#des', 'des'],
    ['des', 'des'],
    ['foo #des', 'des'],
    ['foo\tdes', 'des'],
    ['foo des ', null],
    ['#des ', null],
    ['#"web de', 'web de'],
    ['foo #"web de', 'web de'],
    ['"web de', 'web de'],
    ['#"web design"', 'web design'],
    ['#"a b" #c', 'c'],
    ['#"a b" ', null],
    ['NOT #des', 'des'],
    ['#日本', '日本'],
    ['@exa', null],
    ['foo @', null],
    ['# ', null],
  ])('suggestionPrefix(%j) -> %j', (input, expected) => {
    expect(suggestionPrefix(input)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['', 'css', '#"css" '],
    ['#cs', 'css', '#"css" '],
    ['cs', 'css', '#"css" '],
    ['foo #cs', 'css', 'foo #"css" '],
    ['foo  #"web de', 'web design', 'foo  #"web design" '],
    ['"web de', 'web design', '#"web design" '],
    ['NOT #des', 'design', 'NOT #"design" '],
    ['foo ', 'css', 'foo #"css" '],
    ['#a OR #日', '日本語', '#a OR #"日本語" '],
  ])('applySuggestion(%j, %j) -> %j', (input, name, expected) => {
    expect(applySuggestion(input, name)).toBe(expected);
  });

  it('an applied suggestion parses to the chosen tag', () => {
    expect(parseSearch(applySuggestion('react #"web de', 'web design'))).toEqual(
      q(word('react'), tag('web design')),
    );
    expect(suggestionPrefix(applySuggestion('#cs', 'css'))).toBeNull();
  });
});
