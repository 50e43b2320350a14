import { describe, expect, it } from 'vitest';
import { cutLabel } from './text.ts';

describe('text cuts', () => {
  it('cuts labels with an ellipsis, counting characters not code units', () => {
    expect(cutLabel('short', 50)).toBe('short');
    expect(cutLabel('x'.repeat(50), 50)).toBe('x'.repeat(50));
    expect(cutLabel('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}…`);
    expect(cutLabel('😀😀😀', 2)).toBe('😀😀…');
    expect(cutLabel('Sunset over the bay', 15)).toBe('Sunset over the…');
  });
});
