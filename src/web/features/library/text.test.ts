import { describe, expect, it } from 'vitest';
import { cutLabel, noteText } from './text.ts';

describe('text cuts', () => {
  it('cuts labels with an ellipsis, counting characters not code units', () => {
    expect(cutLabel('short', 50)).toBe('short');
    expect(cutLabel('x'.repeat(50), 50)).toBe('x'.repeat(50));
    expect(cutLabel('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}…`);
    expect(cutLabel('😀😀😀', 2)).toBe('😀😀…');
    expect(cutLabel('Sunset over the bay', 15)).toBe('Sunset over the…');
  });

  it('turns note HTML into preview text of 300 characters', () => {
    expect(noteText('<p>Buy <b>apples</b>&nbsp;&amp; pears</p><script>x()</script>')).toBe(
      'Buy apples & pears',
    );
    expect(noteText(`<p>${'a'.repeat(400)}</p>`)).toHaveLength(301);
    expect(noteText(`<p>${'a'.repeat(400)}</p>`, 100)).toHaveLength(101);
    expect(noteText('<p>one</p><p>two</p>')).toBe('one two');
  });
});
