import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('speaks in B, KB and MB', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(2500)).toBe('2.4 KB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1024.0 KB');
    expect(formatSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatSize(64 * 1024 * 1024 - 1)).toBe('64.0 MB');
  });

  it('rounds KB to a whole number when asked, like the Kindle import', () => {
    expect(formatSize(2500, 0)).toBe('2 KB');
    expect(formatSize(1536, 0)).toBe('2 KB');
    expect(formatSize(1535, 0)).toBe('1 KB');
    expect(formatSize(3 * 1024 * 1024, 0)).toBe('3.0 MB');
  });
});
