import type { Executor } from '../../db/client.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import type { GroupAnnotationRow } from './layer-repo.ts';
import * as layerRepo from './layer-repo.ts';
import { annotationMd5 } from './presenter.ts';
import type { AnnotationRow } from './repo.ts';
import * as repo from './repo.ts';

/**
 * Where an annotation lives, with the grant that opens it: an item's own annotations (the item
 * loaded for writing), or a group's annotation layer (the item read through the group).
 */
export type OwnScope = { kind: 'own'; item: Authorized<'item', ItemRow> };
export type GroupScope = { kind: 'group'; groupId: number; item: Authorized<'item', ItemRow, 'read'> };
export type AnnotationScope = OwnScope | GroupScope;

export interface NewHighlight {
  shape: number;
  content: string;
  color: string;
  selector: unknown;
  /** an imported highlight, false until the server finds it on the page copy (anchor-imported.ts) */
  anchored?: boolean;
}

type Inserted<R> = { row: R; created: boolean };

/**
 * The one way a highlight or float note is added, to an item's own annotations or to a group's
 * layer. annotationMd5 (item, shape, anchor, text) identifies it within its scope (the item's own
 * annotations; its author's part of the layer), kept by a unique index: the same highlight again,
 * also from two requests at once, returns the existing row with created false.
 */
export function insertHighlight(
  tx: Executor,
  scope: OwnScope,
  author: { id: number },
  highlight: NewHighlight,
  now: Date,
): Promise<Inserted<AnnotationRow>>;
export function insertHighlight(
  tx: Executor,
  scope: GroupScope,
  author: { id: number },
  highlight: NewHighlight,
  now: Date,
): Promise<Inserted<GroupAnnotationRow>>;
export async function insertHighlight(
  tx: Executor,
  scope: AnnotationScope,
  author: { id: number },
  highlight: NewHighlight,
  now: Date,
): Promise<Inserted<AnnotationRow | GroupAnnotationRow>> {
  const itemId = scope.item.id;
  const annMd5 = annotationMd5(itemId, highlight.shape, highlight.selector, highlight.content);
  const values = { ...highlight, itemId, userId: author.id, annMd5, createdAt: now, updatedAt: now };
  if (scope.kind === 'own') {
    const [created] = await repo.insertNew(tx, [scope.item], [values]);
    if (created) return { row: created, created: true };
    const [existing] = await repo.findByMd5s(tx, [itemId], [annMd5]);
    return { row: existing!, created: false };
  }
  const created = await layerRepo.insertNew(tx, { ...values, groupId: scope.groupId });
  if (created) return { row: created, created: true };
  const existing = await layerRepo.findByMd5(tx, scope.groupId, author.id, itemId, annMd5);
  return { row: existing!, created: false };
}
