import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.ts';

describe('secret box', () => {
  it('seals so that only the same key opens, and never stores the plain text', () => {
    const box = seal('k'.repeat(32), 'app-password ü');
    expect(box).not.toContain('app-password');
    expect(seal('k'.repeat(32), 'app-password ü')).not.toBe(box);
    expect(open('k'.repeat(32), box)).toBe('app-password ü');
    expect(() => open('x'.repeat(32), box)).toThrow();
    expect(() => open('k'.repeat(32), `${box.slice(0, -2)}AA`)).toThrow();
  });
});
