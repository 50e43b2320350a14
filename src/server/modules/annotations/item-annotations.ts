import { type AnnotationReply, QUOTA_SHAPES } from '../../../shared/schemas/annotations.ts';
import type { Executor } from '../../db/client.ts';
import { presentAnnotation, stickyFromJson } from './presenter.ts';
import * as repo from './repo.ts';

/**
 * What the items module reads of annotations: every item reply carries its annotations (one query
 * for a whole page of items), and deleting items gives back their highlights' quota units.
 */
export async function annotationsForItems(
  ex: Executor,
  itemIds: number[],
): Promise<Map<number, AnnotationReply[]>> {
  const byItem = new Map<number, AnnotationReply[]>();
  for (const row of await repo.annotationsOfItems(ex, itemIds)) {
    let list = byItem.get(row.itemId);
    if (!list) {
      list = [];
      byItem.set(row.itemId, list);
    }
    list.push(presentAnnotation(row, stickyFromJson(row.sticky)));
  }
  return byItem;
}

/** The highlight quota units the items' annotations hold. */
export function quotaUnitsOfItems(ex: Executor, itemIds: number[]): Promise<number> {
  return repo.countShapes(ex, itemIds, QUOTA_SHAPES);
}
