import { describe, expect, it } from 'vitest';
import { applyTag, lastTagToken } from './text.ts';

describe('tag field', () => {
  it.each([
    ['', null],
    ['css ', null],
    ['css des', 'des'],
    ['a "web de', 'web de'],
    // a comma ends a tag, inside quotes too (issue 27)
    ['tips,tri', 'tri'],
    ['"tips, tri', 'tri'],
    ['"tips,', null],
  ])('%j completes %j', (value, token) => {
    expect(lastTagToken(value)).toBe(token);
  });

  it('replaces the token being typed, quoting names with spaces', () => {
    expect(applyTag('css des', 'design')).toBe('css design ');
    expect(applyTag('a "web de', 'web design')).toBe('a "web design" ');
    expect(applyTag('', 'x')).toBe('x ');
    expect(applyTag('tips,tri', 'tricks')).toBe('tips,tricks ');
    expect(applyTag('"tips, tri', 'web design')).toBe('tips "web design" ');
  });
});
