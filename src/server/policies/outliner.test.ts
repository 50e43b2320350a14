import { describe, expect, it } from 'vitest';
import { authorizeOutliner, permitsOutliner } from './outliner.ts';

describe('the outliner policy', () => {
  const key = 'k'.repeat(22);
  const shared = { userId: 1, privacy: 2, shareKey: key };
  it.each([
    // actor, outliner, access, key, allowed
    [{ id: 1 }, { ...shared, privacy: 0, shareKey: null }, 'write', undefined, true],
    [{ id: 2 }, shared, 'write', undefined, false],
    [{ id: 2 }, shared, 'read', undefined, false],
    [null, shared, 'read', key, true],
    [null, shared, 'write', key, false],
    [null, shared, 'read', 'j'.repeat(22), false],
    [null, { ...shared, privacy: 0 }, 'read', key, false],
  ] as const)('%j on %j, %s with key %s: %s', (actor, outliner, access, shareKey, allowed) => {
    expect(permitsOutliner(actor, outliner, access, shareKey)).toBe(allowed);
  });

  it('answers not found to everyone else', () => {
    expect(() => authorizeOutliner({ id: 2 }, shared, 'read')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => authorizeOutliner({ id: 1 }, undefined, 'read')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(authorizeOutliner({ id: 1 }, shared, 'write')).toBe(shared);
  });
});
