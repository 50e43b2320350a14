import { describe, expect, it } from 'vitest';
import { noteMarkdown } from './note-markdown.ts';

describe('noteMarkdown', () => {
  it('opens and closes each emphasis with its own mark', () => {
    expect(
      noteMarkdown(
        '<p><b>bold</b>, <em>soft</em> and <del>gone</del> <strong>x</strong><i>y</i><s>z</s></p>',
        true,
      ),
    ).toBe('**bold**, *soft* and ~~gone~~ **x***y*~~z~~');
  });
});
