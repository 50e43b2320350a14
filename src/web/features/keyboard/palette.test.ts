import { describe, expect, it, vi } from 'vitest';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { filterCommands, type PaletteInput, paletteCommands } from './palette.ts';

const item = (linkId: number, over: Partial<ItemReply> = {}) =>
  ({
    link_id: linkId,
    title: `Item ${linkId}`,
    type_name: 'bookmark',
    readed: 0,
    private: 1,
    canEdit: true,
    url: `https://example.org/${linkId}`,
    ...over,
  }) as ItemReply;

function input(over: Partial<PaletteInput> = {}): PaletteInput {
  return {
    username: 'ann lee',
    query: '',
    current: [],
    ctx: { signedIn: true },
    navigate: vi.fn(),
    add: vi.fn(),
    runAction: vi.fn(),
    openHelp: vi.fn(),
    ...over,
  };
}

const labels = (i: PaletteInput) => filterCommands(paletteCommands(i), i.query).map((c) => c.label);

describe('palette commands', () => {
  it('offers going to pages, adding and help with no item in focus, and no actions', () => {
    const all = paletteCommands(input());
    expect(all.some((c) => c.group === 'Actions')).toBe(false);
    expect(all.map((c) => c.label)).toEqual(
      expect.arrayContaining(['My Library', 'Tags', 'Add a bookmark', 'Add a note', 'Keyboard shortcuts']),
    );
  });

  it('goes to pages through the link builder', () => {
    const i = input({ query: 'tags' });
    filterCommands(paletteCommands(i), i.query)
      .find((c) => c.label === 'Tags')!
      .run();
    expect(i.navigate).toHaveBeenCalledWith('/user/ann%20lee/tags');
  });

  it('goes to the starred items and stars or unstars the current ones', () => {
    const go = input({ query: 'starred' });
    filterCommands(paletteCommands(go), go.query)
      .find((c) => c.label === 'Starred items')!
      .run();
    expect(go.navigate).toHaveBeenCalledWith('/user/ann%20lee?starred=yes');
    expect(labels(input({ current: [item(7)], query: 'star' }))).toContain('Star');
    expect(labels(input({ current: [item(7, { starred: 1 })], query: 'star' }))).toContain('Unstar');
  });

  it('offers the items found by their title, opening the one chosen', () => {
    const found = [item(7, { title: 'Growing tomatoes' }), item(8, { title: 'Tomato soup' })];
    const i = input({ query: 'tomat', found });
    const commands = filterCommands(paletteCommands(i), i.query);
    const items = commands.filter((c) => c.group === 'Items');
    expect(items.map((c) => c.label)).toEqual(['Growing tomatoes', 'Tomato soup']);
    items[1]!.run();
    expect(i.navigate).toHaveBeenCalledWith('/user/ann%20lee/b/8');
  });

  it('searches the library for text no command starts with, first', () => {
    const i = input({ query: 'rust async' });
    const [first] = filterCommands(paletteCommands(i), i.query);
    expect(first!.label).toBe('Search the library for “rust async”');
    first!.run();
    expect(i.navigate).toHaveBeenCalledWith('/user/ann%20lee?query=rust+async');
  });

  it('offers the actions available on one item and runs them on it', () => {
    const one = item(7);
    const i = input({ current: [one], query: 'mark' });
    expect(labels(i)).toContain('Mark as read');
    expect(labels(i)).not.toContain('Mark as unread');
    filterCommands(paletteCommands(i), i.query)
      .find((c) => c.label === 'Mark as read')!
      .run();
    expect(i.runAction).toHaveBeenCalledWith('markRead', [one]);
  });

  it('offers only bulk actions that apply to some of a selection', () => {
    const i = input({ current: [item(1, { type_name: 'image' }), item(2, { type_name: 'note' })] });
    const actions = paletteCommands(i).filter((c) => c.group === 'Actions');
    expect(actions.map((c) => c.label)).not.toContain('Edit');
    expect(actions.map((c) => c.label)).not.toContain('Mark as unread');
    expect(actions.map((c) => c.label)).toContain('Revise Tags');
    expect(actions[0]!.hint).toBe('2 selected items');
  });

  it("offers no owner actions on someone else's item", () => {
    const i = input({ current: [item(3, { canEdit: false })] });
    const actions = paletteCommands(i).filter((c) => c.group === 'Actions');
    expect(actions.map((c) => c.label)).toEqual(['Cached page', 'Save to My Library']);
  });
});

describe('filterCommands', () => {
  it('needs every word, in the label, the group or the keywords', () => {
    expect(labels(input({ query: 'upload pdf' }))).toEqual([
      'Search the library for “upload pdf”',
      'Upload a PDF',
    ]);
    expect(labels(input({ query: 'picture' }))).toContain('Upload an image');
  });

  it('puts labels starting with the text first, then the search, then other matches', () => {
    expect(labels(input({ query: 'tag' }))).toEqual(['Tags', 'Search the library for “tag”']);
    expect(labels(input({ query: 'add' }))).toEqual([
      'Add a bookmark',
      'Add a note',
      'Search the library for “add”',
      'Upload a PDF',
      'Upload an image',
      'Import Kindle highlights',
      'Import from another service',
    ]);
  });
});
