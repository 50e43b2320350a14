import { describe, expect, it } from 'vitest';
import {
  changedElsewhere,
  clearDraft,
  type DraftStorage,
  draftToRestore,
  readDraft,
  writeDraft,
} from './drafts.ts';

function memory(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const state = { title: null, content: '<p>draft</p>', tags: ['a'] };

describe('drafts', () => {
  it('writes, reads and clears by link id', () => {
    const s = memory();
    writeDraft(s, 'new-1', state, 1000);
    expect(readDraft(s, 'new-1')).toEqual({ ...state, at: 1000 });
    expect(readDraft(s, '42')).toBeNull();
    clearDraft(s, 'new-1');
    expect(readDraft(s, 'new-1')).toBeNull();
  });

  it('ignores a broken draft and storage that throws', () => {
    const s = memory();
    s.map.set('folio:note-draft:1', '{not json');
    expect(readDraft(s, '1')).toBeNull();
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => writeDraft(full, '1', state, 1)).not.toThrow();
  });

  it('restores a draft newer than the server copy and different from it', () => {
    const draft = { ...state, at: 5000 };
    expect(draftToRestore(draft, null)).toBe(draft);
    expect(
      draftToRestore(draft, { title: null, content: '<p>old</p>', tags: ['a'], updatedAtMs: 4000 }),
    ).toBe(draft);
    expect(
      draftToRestore(draft, { title: null, content: '<p>newer</p>', tags: [], updatedAtMs: 6000 }),
    ).toBeNull();
    expect(draftToRestore(draft, { ...state, updatedAtMs: 1000 })).toBeNull();
    expect(draftToRestore(null, null)).toBeNull();
  });
});

describe('changedElsewhere', () => {
  it('compares exact versions after a save, seconds after a load', () => {
    expect(changedElsewhere({ ms: 1500 }, 1500)).toBe(false);
    expect(changedElsewhere({ ms: 1500 }, 1700)).toBe(true);
    expect(changedElsewhere({ seconds: 1 }, 1999)).toBe(false);
    expect(changedElsewhere({ seconds: 1 }, 2000)).toBe(true);
    expect(changedElsewhere(null, 2000)).toBe(false);
    expect(changedElsewhere({ ms: 1 }, null)).toBe(false);
  });
});
