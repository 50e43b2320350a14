/**
 * The library search box syntax: words, #tag, @url-host, "quoted phrases", NOT and OR.
 * Terms separated by whitespace are ANDed; `a OR b` makes alternatives; `NOT x` negates the next term.
 * Pure text handling only: the SQL compiler lives on the server and reads ParsedSearch.
 */
import { NO_TAG_NAME, tagFilterText } from './tags.ts';

export type SearchTermKind = 'word' | 'phrase' | 'tag' | 'host';
export interface SearchTerm {
  kind: SearchTermKind;
  value: string;
  negated: boolean;
}
/** alternatives joined by OR; a clause of one term is a plain term */
export interface SearchClause {
  anyOf: SearchTerm[];
}
export interface ParsedSearch {
  clauses: SearchClause[];
}

/** `#no_tag` means untagged; parsed in any case and normalized to this value. */
export const NO_TAG = NO_TAG_NAME;

// ---------------------------------------------------------------------------------------------
// Tokenizer

/** A raw token with its place in the input; `open` when a quote was left unterminated. */
interface RawToken {
  text: string;
  start: number;
  end: number;
  open: boolean;
}

const SPACE = /\s/;

function scan(input: string): RawToken[] {
  const tokens: RawToken[] = [];
  let i = 0;
  while (i < input.length) {
    if (SPACE.test(input[i] ?? '')) {
      i++;
      continue;
    }
    const start = i;
    let open = false;
    const quoteAt = input[i] === '"' ? i : input[i] === '#' && input[i + 1] === '"' ? i + 1 : -1;
    if (quoteAt >= 0) {
      const close = input.indexOf('"', quoteAt + 1);
      open = close < 0;
      i = open ? input.length : close + 1;
    } else {
      while (i < input.length && input[i] !== '"' && !SPACE.test(input[i] ?? '')) i++;
    }
    tokens.push({ text: input.slice(start, i), start, end: i, open });
  }
  return tokens;
}

/** The text inside `"…"` (the closing quote may be missing), whitespace collapsed. */
function unquote(text: string, open: boolean): string {
  return collapse(text.slice(1, open ? undefined : -1));
}

function collapse(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** `@https://Example.com/path` -> `example.com`. */
function normalizeHost(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '');
}

function normalizeTag(name: string): string {
  return name.toLowerCase() === NO_TAG ? NO_TAG : name;
}

type Token = { op: 'NOT' | 'OR' } | { term: Omit<SearchTerm, 'negated'> } | null;

/** Classifies a raw token; null for tokens that mean nothing (bare `#`, `@`, `""`, `()`). */
function classify({ text, open }: RawToken): Token {
  if (text === 'NOT' || text === 'OR') return { op: text };
  const term = (kind: SearchTermKind, value: string): Token => (value ? { term: { kind, value } } : null);
  if (text.startsWith('#"')) return term('tag', normalizeTag(unquote(text.slice(1), open)));
  if (text.startsWith('"')) return term('phrase', unquote(text, open));
  if (text.startsWith('#')) return term('tag', normalizeTag(text.slice(1)));
  if (text.startsWith('@')) return term('host', normalizeHost(text.slice(1)));
  return term('word', text.replace(/[()[\]{}]/g, ''));
}

// ---------------------------------------------------------------------------------------------
// Parser and formatter

export function parseSearch(input: string): ParsedSearch {
  const clauses: SearchClause[] = [];
  let negate = false;
  let join = false;
  for (const raw of scan(input)) {
    const token = classify(raw);
    if (!token) continue;
    if ('op' in token) {
      if (token.op === 'NOT') negate = true;
      else join = clauses.length > 0;
      continue;
    }
    const term: SearchTerm = { ...token.term, negated: negate };
    const last = clauses.at(-1);
    if (join && last) last.anyOf.push(term);
    else clauses.push({ anyOf: [term] });
    negate = false;
    join = false;
  }
  return { clauses };
}

function formatTerm(term: SearchTerm): string {
  const value = term.value.replace(/"/g, '');
  let body: string;
  if (term.kind === 'tag') body = SPACE.test(value) || !value ? `#"${value}"` : `#${value}`;
  else if (term.kind === 'host') body = `@${value}`;
  else if (term.kind === 'word' && /^[^\s#@]\S*$/.test(value) && value !== 'NOT' && value !== 'OR') {
    body = value;
  } else body = `"${value}"`;
  return term.negated ? `NOT ${body}` : body;
}

/** back to canonical text, so parse(format(parse(x))) deep-equals parse(x) */
export function formatSearch(parsed: ParsedSearch): string {
  return parsed.clauses
    .map((c) => c.anyOf.filter((t) => t.value.trim()).map(formatTerm))
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => alternatives.join(' OR '))
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Tag filters

export { tagFilterText };

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** true when the query has any tag term equal to `tag` case-insensitively, not negated */
export function hasTagFilter(parsed: ParsedSearch, tag: string): boolean {
  return parsed.clauses.some((c) =>
    c.anyOf.some((t) => t.kind === 'tag' && !t.negated && sameTag(t.value, tag)),
  );
}

/** removes every tag term equal to `tag` (case-insensitive) and returns the new (canonical) text */
export function removeTagFilter(input: string, tag: string): string {
  const clauses = parseSearch(input)
    .clauses.map((c) => ({ anyOf: c.anyOf.filter((t) => !(t.kind === 'tag' && sameTag(t.value, tag))) }))
    .filter((c) => c.anyOf.length > 0);
  return formatSearch({ clauses });
}

/**
 * plain tag names the query filters by (non-negated, single-alternative clauses), for 'selected tags';
 * no_tag is left out (it shows as 'Untagged') and duplicates are dropped case-insensitively.
 */
export function selectedTags(parsed: ParsedSearch): string[] {
  const out: string[] = [];
  for (const { anyOf } of parsed.clauses) {
    const [term] = anyOf;
    if (anyOf.length !== 1 || !term || term.kind !== 'tag' || term.negated || term.value === NO_TAG) continue;
    if (!out.some((t) => sameTag(t, term.value))) out.push(term.value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Advanced search

export interface AdvancedSearch {
  allWords: string;
  anyWords: string;
  noneWords: string;
  domain: string;
}

export const EMPTY_ADVANCED: AdvancedSearch = Object.freeze({
  allWords: '',
  anyWords: '',
  noneWords: '',
  domain: '',
});

/** all fields blank after trim -> Search does nothing */
export function isAdvancedEmpty(a: AdvancedSearch): boolean {
  return !a.allWords.trim() && !a.anyWords.trim() && !a.noneWords.trim() && !a.domain.trim();
}

const termsOf = (text: string): SearchTerm[] => parseSearch(text).clauses.flatMap((c) => c.anyOf);

/**
 * compiles to the same syntax: allWords as-is (words/phrases kept), anyWords joined with OR, each
 * noneWords term prefixed NOT, domain as @host; returns '' when empty. Each field is parsed on its
 * own, so a dangling operator in one field cannot swallow the next.
 */
export function compileAdvancedSearch(a: AdvancedSearch): string {
  const clauses = [...parseSearch(a.allWords).clauses];
  const any = termsOf(a.anyWords);
  if (any.length > 0) clauses.push({ anyOf: any });
  for (const term of termsOf(a.noneWords)) clauses.push({ anyOf: [{ ...term, negated: true }] });
  const hosts = a.domain
    .split(/[\s,]+/)
    .map((d) => normalizeHost(d.replace(/^@/, '')))
    .filter(Boolean)
    .map((value): SearchTerm => ({ kind: 'host', value, negated: false }));
  if (hosts.length > 0) clauses.push({ anyOf: hosts });
  return formatSearch({ clauses });
}

// ---------------------------------------------------------------------------------------------
// Suggestions

/** The token being typed: the last one, when it reaches the end of the input. */
function typingToken(input: string): RawToken | undefined {
  const last = scan(input).at(-1);
  return last && last.end === input.length ? last : undefined;
}

/**
 * The tag being typed at the end of the search box, for suggestions; null when none should be offered:
 * just '#' or just a quote (or '#"') offers none; a leading '#' is stripped (so '#des' -> 'des'); plain
 * 'des' -> 'des'; empty -> null. Only the last whitespace-separated token counts (but a token inside an
 * open quote counts as one, e.g. '#"web de' -> 'web de'). A trailing space (outside a quote) ends the
 * token, so 'des ' -> null; a host being typed ('@exa') offers none.
 */
export function suggestionPrefix(input: string): string | null {
  const token = typingToken(input);
  if (!token || token.text.startsWith('@')) return null;
  let text = token.text.replace(/^#/, '');
  if (text.startsWith('"')) text = text.slice(1, token.open ? undefined : -1);
  text = text.trimStart();
  return text.trim() ? text : null;
}

/** replaces the last token being typed with the chosen tag as a tag filter (tagFilterText) plus a trailing space */
export function applySuggestion(input: string, tag: string): string {
  const token = typingToken(input);
  const before = token ? input.slice(0, token.start) : input;
  return `${before}${tagFilterText(tag)} `;
}
