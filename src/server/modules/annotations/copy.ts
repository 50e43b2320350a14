import { QUOTA_SHAPES } from '../../../shared/schemas/annotations.ts';
import type { Executor } from '../../db/client.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { annotationMd5, stickyFromJson } from './presenter.ts';
import * as repo from './repo.ts';

/**
 * Copies the highlights and sticky notes of a readable item onto the owner's copy of it (Save to
 * My Library with annotations): they become the owner's, each quota-taking highlight takes a unit
 * of the owner's plan. Returns the copy's annotation count.
 */
export async function copyAnnotations(
  tx: Executor,
  deps: { accounts: AccountsService; items: ItemsService },
  owner: PlanHolder,
  from: Authorized<'item', ItemRow, 'read'>,
  to: Authorized<'item', ItemRow>,
  now: Date,
): Promise<number> {
  const source = await repo.annotationsOfItems(tx, [from.id]);
  if (source.length === 0) return 0;
  const created = await repo.insertNew(
    tx,
    [to],
    source.map((a) => ({
      itemId: to.id,
      userId: owner.id,
      shape: a.shape,
      content: a.content,
      annMd5: annotationMd5(to.id, a.shape, a.selector, `${a.content}\n${a.annMd5}`),
      color: a.color,
      selector: a.selector,
      createdAt: a.createdAt,
      updatedAt: now,
    })),
  );
  const byMd5 = new Map(created.map((c) => [c.annMd5, c]));
  const sticky: Parameters<typeof repo.insertStickyNotes>[2] = [];
  for (const a of source) {
    const copy = byMd5.get(annotationMd5(to.id, a.shape, a.selector, `${a.content}\n${a.annMd5}`));
    if (!copy) continue;
    if ((QUOTA_SHAPES as readonly number[]).includes(a.shape))
      await deps.accounts.reserveUsage(tx, owner, 'annotation');
    for (const s of stickyFromJson(a.sticky)) {
      sticky.push({
        itemId: to.id,
        userId: owner.id,
        annotationId: copy.id,
        content: s.content,
        sMode: 2,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  await repo.insertStickyNotes(tx, [to], sticky);
  const count = await repo.countOfItem(tx, to.id);
  await deps.items.setAnnotationCount(tx, to, count);
  return count;
}
