import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AnnotationReply } from '../../shared/schemas/annotations.ts';
import type { ItemReply, ListReply } from '../../shared/schemas/items.ts';
import { annotationPatches, isHighlightOverQuota, patchCachedItem } from './annotations.ts';
import { ApiError } from './client.ts';
import { queryKeys } from './keys.ts';

const ann = (id: number, extra: Partial<AnnotationReply> = {}): AnnotationReply => ({
  id,
  link_id: 7,
  anchored: true,
  shape: 0,
  content: `quote ${id}`,
  ann_md5: `md5-${id}`,
  extra: { color: 'yellow' },
  selector: null,
  stickyNotes: [],
  created_at: 1,
  ...extra,
});
const item = (linkId: number, annotations: AnnotationReply[]) =>
  ({ link_id: linkId, annotations, annotation_count: annotations.length }) as ItemReply;

describe('annotation patches', () => {
  it('adds once, recolours and removes by id', () => {
    const list = annotationPatches.added(ann(2))([ann(1)]);
    expect(list.map((a) => a.id)).toEqual([1, 2]);
    expect(annotationPatches.added(ann(2))(list)).toHaveLength(2);
    expect(annotationPatches.recolored(2, 'pink')(list)[1]!.extra.color).toBe('pink');
    expect(annotationPatches.recolored(2, 'pink')(list)[0]!.extra.color).toBe('yellow');
    expect(
      annotationPatches
        .removed(1)(list)
        .map((a) => a.id),
    ).toEqual([2]);
  });

  it('adds, edits and removes sticky notes on their highlight only', () => {
    const note = { id: 9, content: 'first', link_id: 7, ann_id: 2, sMode: 2 as const };
    let list = annotationPatches.noteAdded(note)([ann(1), ann(2)]);
    expect(list[1]!.stickyNotes).toEqual([note]);
    expect(list[0]!.stickyNotes).toEqual([]);
    list = annotationPatches.noteEdited(9, 'second')(list);
    expect(list[1]!.stickyNotes[0]!.content).toBe('second');
    list = annotationPatches.noteRemoved(9)(list);
    expect(list[1]!.stickyNotes).toEqual([]);
  });
});

describe('patchCachedItem', () => {
  it('changes the item query and every list holding the item, and keeps the count right', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.item(7), item(7, [ann(1)]));
    const list = { items: [item(7, [ann(1)]), item(8, [])], total: 2 } as ListReply;
    client.setQueryData(queryKeys.items({ type: 'all' }), list);
    client.setQueryData(queryKeys.items({ ann: 'yes' }), list);

    patchCachedItem(client, 7, annotationPatches.added(ann(3)));

    expect(client.getQueryData<ItemReply>(queryKeys.item(7))!.annotation_count).toBe(2);
    for (const params of [{ type: 'all' }, { ann: 'yes' }] as Record<string, string>[]) {
      const items = client.getQueryData<ListReply>(queryKeys.items(params))!.items;
      expect(items[0]!.annotations.map((a) => a.id)).toEqual([1, 3]);
      expect(items[1]!.annotations).toEqual([]);
    }
  });
});

describe('isHighlightOverQuota', () => {
  it("recognises the server's refusal by its status and code, not its words", () => {
    const refusal = (status: number, code?: number) =>
      new ApiError('Your highlight number is over quota', status, undefined, code);
    expect(isHighlightOverQuota(refusal(402, -2))).toBe(true);
    expect(isHighlightOverQuota(refusal(400))).toBe(false);
    expect(isHighlightOverQuota(refusal(402, -1))).toBe(false);
    expect(isHighlightOverQuota(new ApiError('Something else', 400))).toBe(false);
    expect(isHighlightOverQuota(new Error('Your highlight number is over quota'))).toBe(false);
  });
});
