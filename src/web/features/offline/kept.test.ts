// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { actionsFor } from '../library/actions.ts';
import { forgetKept, isKept, keptIds, setKept } from './kept.ts';

const bookmark = {
  link_id: 7,
  user_name: 'ada',
  type_name: 'bookmark' as const,
  readed: 1 as const,
  private: 1 as const,
  canEdit: true,
};
const ids = (item: typeof bookmark) => actionsFor(item, { signedIn: true }).map((a) => a.id);

describe('Keep offline', () => {
  it("offers Keep offline on the owner's item, then Stop keeping offline, per user on this device", () => {
    forgetKept();
    expect(ids(bookmark)).toContain('keepOffline');
    expect(ids(bookmark)).not.toContain('stopKeepingOffline');
    setKept('ada', [7], true);
    expect(isKept('ada', 7)).toBe(true);
    expect(isKept('bob', 7)).toBe(false);
    expect(ids(bookmark)).toContain('stopKeepingOffline');
    expect(ids(bookmark)).not.toContain('keepOffline');
    setKept('ada', [7], false);
    expect(keptIds('ada')).toEqual([]);
  });

  it("offers neither on another user's item nor on a note, and sign-out forgets every mark", () => {
    expect(ids({ ...bookmark, canEdit: false })).not.toContain('keepOffline');
    expect(ids({ ...bookmark, type_name: 'note' as 'bookmark' })).not.toContain('keepOffline');
    setKept('ada', [7, 8], true);
    forgetKept();
    expect(keptIds('ada')).toEqual([]);
  });
});
