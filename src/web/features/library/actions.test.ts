import { describe, expect, it } from 'vitest';
import { actionsFor, applicableIds } from './actions.ts';

const item = (over: Partial<Parameters<typeof actionsFor>[0]> = {}) => ({
  type_name: 'bookmark' as const,
  readed: 1 as const,
  private: 1 as const,
  canEdit: true,
  starred: 0 as 0 | 1,
  ...over,
});
const ids = (i: ReturnType<typeof item>, signedIn = true) => actionsFor(i, { signedIn }).map((a) => a.id);

describe('item actions by type and role', () => {
  it('offers the owner of a read private bookmark its actions', () => {
    expect(ids(item())).toEqual([
      'edit',
      'reviseTags',
      'addToOutliner',
      'share',
      'sendEmail',
      'shareToGroup',
      'markUnread',
      'makePublic',
      'star',
      'cachedPage',
      'screenshot',
      'exportCsv',
      'export',
      'report',
      'delete',
    ]);
  });

  it('offers Star to the owner of an unstarred item, Unstar of a starred one, both in bulk (spec part 1 §6)', () => {
    expect(ids(item({ starred: 0 }))).toContain('star');
    expect(ids(item({ starred: 0 }))).not.toContain('unstar');
    expect(ids(item({ starred: 1 }))).toContain('unstar');
    expect(ids(item({ starred: 1 }))).not.toContain('star');
    expect(ids(item({ canEdit: false }))).not.toContain('star');
    const list = [
      { ...item({ starred: 0 }), link_id: 1 },
      { ...item({ starred: 1 }), link_id: 2 },
    ];
    expect(applicableIds('star', list, { signedIn: true })).toEqual([1]);
    expect(applicableIds('unstar', list, { signedIn: true })).toEqual([2]);
  });

  it('offers Share to Group for every type but notes (spec part 1 §6)', () => {
    expect(ids(item({ type_name: 'note' }))).not.toContain('shareToGroup');
    expect(ids(item({ type_name: 'pdf' }))).toContain('shareToGroup');
  });

  it('never offers mark unread for notes, images or kindle items, nor for unread items', () => {
    for (const type_name of ['note', 'image', 'kindle'] as const)
      expect(ids(item({ type_name }))).not.toContain('markUnread');
    expect(ids(item({ readed: 0 }))).toEqual(expect.arrayContaining(['markRead']));
    expect(ids(item({ readed: 0 }))).not.toContain('markUnread');
  });

  it('keeps notes private, offers Cached page only for bookmarks and Download Image only for images', () => {
    expect(ids(item({ type_name: 'note' }))).not.toContain('makePublic');
    expect(ids(item({ type_name: 'pdf' }))).not.toContain('cachedPage');
    expect(ids(item({ type_name: 'image' }))).toContain('downloadImage');
    expect(ids(item())).not.toContain('downloadImage');
  });

  it("offers only Save to My Library (and type-wide ones) on someone else's item", () => {
    expect(ids(item({ canEdit: false }))).toEqual(['cachedPage', 'saveToLibrary']);
    // a visitor is offered it too, and sent to sign in first
    expect(ids(item({ canEdit: false }), false)).toEqual(['cachedPage', 'saveToLibrary']);
  });

  it('skips items a bulk action does not apply to', () => {
    const list = [
      { ...item(), link_id: 1 },
      { ...item({ type_name: 'image' }), link_id: 2 },
      { ...item({ readed: 0 }), link_id: 3 },
    ];
    expect(applicableIds('markUnread', list, { signedIn: true })).toEqual([1]);
    expect(applicableIds('markRead', list, { signedIn: true })).toEqual([3]);
  });
});

describe('single-key shortcuts', () => {
  it('gives m to exactly one action on every item: mark read when unread, mark unread when read', () => {
    const byM = (i: ReturnType<typeof item>) =>
      actionsFor(i, { signedIn: true })
        .filter((a) => a.shortcut === 'm')
        .map((a) => a.id);
    expect(byM(item({ readed: 0 }))).toEqual(['markRead']);
    expect(byM(item({ readed: 1 }))).toEqual(['markUnread']);
    expect(byM(item({ readed: 1, type_name: 'note' }))).toEqual([]);
  });

  it('never gives one key to two actions available on the same item', () => {
    for (const readed of [0, 1] as const) {
      const keys = actionsFor(item({ readed }), { signedIn: true })
        .map((a) => a.shortcut)
        .filter(Boolean);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
