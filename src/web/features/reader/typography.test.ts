import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPOGRAPHY, parseTypography, TYPE_SIZE_MAX, TYPE_SIZE_MIN } from './typography.ts';

describe('reader typography', () => {
  it('reads back what was stored', () => {
    const stored = JSON.stringify({ font: 'sans', size: 22, width: 'wide' });
    expect(parseTypography(stored)).toEqual({ font: 'sans', size: 22, width: 'wide' });
  });

  it('falls back to the default for missing, broken or unknown values', () => {
    expect(parseTypography(null)).toEqual(DEFAULT_TYPOGRAPHY);
    expect(parseTypography('{not json')).toEqual(DEFAULT_TYPOGRAPHY);
    expect(parseTypography('null')).toEqual(DEFAULT_TYPOGRAPHY);
    expect(parseTypography(JSON.stringify({ font: 'comic', size: '20', width: 'huge' }))).toEqual(
      DEFAULT_TYPOGRAPHY,
    );
  });

  it('keeps sizes in range', () => {
    expect(parseTypography(JSON.stringify({ size: 4 })).size).toBe(TYPE_SIZE_MIN);
    expect(parseTypography(JSON.stringify({ size: 400 })).size).toBe(TYPE_SIZE_MAX);
  });
});
