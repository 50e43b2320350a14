import { describe, expect, it } from 'vitest';
import { permits } from './item.ts';
import { sameKey, shareGrant } from './share-link.ts';

describe('the share link policy', () => {
  it('reads the granted item only, and never writes', () => {
    const grant = shareGrant({ itemId: 5, shareKey: 'k'.repeat(22) }, 'k'.repeat(22));
    const item = { id: 5, userId: 1, private: true };
    expect(permits(null, item, 'read', grant)).toBe(true);
    expect(permits(null, item, 'write', grant)).toBe(false);
    expect(permits({ id: 2 }, { ...item, id: 6 }, 'read', grant)).toBe(false);
    expect(() => shareGrant({ itemId: 5, shareKey: 'k'.repeat(22) }, 'j'.repeat(22))).toThrow();
    expect(() => shareGrant(undefined, 'k'.repeat(22))).toThrow();
  });

  it('compares keys whole', () => {
    expect(sameKey('abc', 'abc')).toBe(true);
    expect(sameKey('abc', 'abd')).toBe(false);
    expect(sameKey('abc', 'abcd')).toBe(false);
  });
});
