import { describe, expect, it } from 'vitest';
import { clickSelects, EMPTY_SELECTION, inBulkMode, selectionReducer } from './selection.ts';

describe('bulk selection', () => {
  it('turns bulk mode on with a selection or Bulk Edit, and off when cleared', () => {
    const one = selectionReducer(EMPTY_SELECTION, { type: 'toggle', id: 1 });
    expect(inBulkMode(one)).toBe(true);
    expect(inBulkMode(selectionReducer(one, { type: 'toggle', id: 1 }))).toBe(false);
    const edit = selectionReducer(EMPTY_SELECTION, { type: 'bulkEdit', on: true });
    expect(inBulkMode(edit)).toBe(true);
    expect(selectionReducer(selectionReducer(edit, { type: 'toggle', id: 2 }), { type: 'clear' })).toEqual(
      EMPTY_SELECTION,
    );
  });

  it('selects all, and drops ids that left the page', () => {
    const all = selectionReducer(EMPTY_SELECTION, { type: 'selectAll', ids: [1, 2, 3] });
    expect(selectionReducer(all, { type: 'keep', ids: [2, 3, 4] }).ids).toEqual([2, 3]);
  });

  it('lets ctrl/meta-click select only outside bulk mode and never on a control', () => {
    const plain = { ctrlKey: false, metaKey: false, onControl: false };
    expect(clickSelects(EMPTY_SELECTION, plain)).toBe(false);
    expect(clickSelects(EMPTY_SELECTION, { ...plain, metaKey: true })).toBe(true);
    expect(clickSelects(EMPTY_SELECTION, { ...plain, ctrlKey: true, onControl: true })).toBe(false);
    const bulk = { ids: [1], bulkEdit: false };
    expect(clickSelects(bulk, plain)).toBe(true);
    expect(clickSelects(bulk, { ...plain, onControl: true })).toBe(false);
  });
});
