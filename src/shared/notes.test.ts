import { describe, expect, it } from 'vitest';
import {
  formatNoteTags,
  isEmptyNote,
  isLocalNoteId,
  newLocalNoteId,
  noteExcerpt,
  noteText,
  noteTitle,
} from './notes.ts';
import { parseTagInput } from './tags.ts';

describe('noteTitle', () => {
  it.each([
    ['<p></p>', 'untitle'],
    ['', 'untitle'],
    ['<p>   </p><p><br></p>', 'untitle'],
    ['<p><img src="/api/files/notes/1/a.png"></p>', 'untitle'],
    ['<p>Short</p>', 'Short'],
    ['<h1>Shopping list for the week</h1>', 'Shopping list f'],
    ['<p>ab</p><p>cd</p>', 'ab cd'],
    ['<p><strong>Bold</strong> and <em>more</em> text here</p>', 'Bold and more t'],
    ['<p>Fish &amp; chips &lt;3 tonight</p>', 'Fish & chips <3'],
    ['<p>😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀</p>', '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀'],
    ['<p>fourteen chars  x</p>', 'fourteen chars'],
  ])('%j -> %j', (html, title) => {
    expect(noteTitle(html)).toBe(title);
  });
});

describe('noteExcerpt', () => {
  const long = `<p>${'word '.repeat(100)}</p>`;
  it('strips tags and collapses whitespace', () => {
    expect(noteExcerpt('<h2>Title</h2>\n\n<ul><li>one</li><li>two</li></ul>')).toBe('Title one two');
  });
  it('cuts at 300 characters by default and at the given length', () => {
    expect(noteExcerpt(long)).toHaveLength(300);
    expect(noteExcerpt(long).endsWith('…')).toBe(true);
    expect(noteExcerpt(long, 100).length).toBeLessThanOrEqual(100);
    expect(noteExcerpt('<p>short</p>', 100)).toBe('short');
  });
  it('never returns markup, even from scripts and comments', () => {
    expect(noteExcerpt('<p>a<script>alert(1)</script><!-- c -->b</p>')).toBe('a b');
  });
  it('decodes entities and separates paragraphs, as the library rows show it', () => {
    expect(noteExcerpt('<p>Buy <b>apples</b>&nbsp;&amp; pears</p><script>x()</script>')).toBe(
      'Buy apples & pears',
    );
    expect(noteExcerpt('<p>one</p><p>two</p>')).toBe('one two');
  });
});

describe('noteText and isEmptyNote', () => {
  it('decodes numeric entities', () => {
    expect(noteText('<p>&#72;&#x69;&nbsp;there</p>')).toBe('Hi there');
  });
  it('an empty paragraph is empty; an image alone is not', () => {
    expect(isEmptyNote('<p></p>')).toBe(true);
    expect(isEmptyNote('<p><br></p>')).toBe(true);
    expect(isEmptyNote('<p><img src="/x.png"></p>')).toBe(false);
    expect(isEmptyNote('<p>x</p>')).toBe(false);
  });
});

describe('local ids and tags', () => {
  it('new-<timestamp> is a local note id', () => {
    expect(newLocalNoteId(1700000000000)).toBe('new-1700000000000');
    expect(isLocalNoteId('new-1700000000000')).toBe(true);
    expect(isLocalNoteId('123')).toBe(false);
    expect(isLocalNoteId('new-abc')).toBe(false);
  });
  it('tags are each quoted and comma-joined, and parse back', () => {
    const text = formatNoteTags(['a', 'b c', 'say "hi"', '']);
    expect(text).toBe('"a","b c","say hi"');
    expect(parseTagInput(text)).toEqual(['a', 'b c', 'say hi']);
  });
});
