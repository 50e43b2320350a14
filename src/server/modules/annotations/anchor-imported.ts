import { and, eq } from 'drizzle-orm';
import { parseHTML } from 'linkedom';
import { anchor, describe } from '../../../shared/anchoring/anchor.ts';
import { indexText } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationSelector } from '../../../shared/schemas/annotations.ts';
import type { Executor } from '../../db/client.ts';
import { annotations } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';

/**
 * Finds an item's imported highlights on its page copy as it is stored (the capture job calls this
 * in its transaction): the text is indexed as the reader indexes the article element holding the
 * same HTML, and each quote is anchored with the reader's own anchoring (context judged at the
 * quote's edges; orphan rather than guess). One found takes the copy's exact quote, context and
 * position and is marked anchored; one not found stays unanchored, an orphan, never placed on other
 * text. Returns how many were found.
 */
export async function anchorImported(
  tx: Executor,
  item: Authorized<'item', ItemRow>,
  html: string,
): Promise<number> {
  const pending = await tx
    .select({ id: annotations.id, selector: annotations.selector })
    .from(annotations)
    .where(and(eq(annotations.itemId, item.id), eq(annotations.anchored, false)));
  if (!pending.length) return 0;
  const { document } = parseHTML(`<!doctype html><html><body><article>${html}</article></body></html>`);
  const text = indexText(document.querySelector('article')!).text;
  let found = 0;
  for (const row of pending) {
    const range = anchor(text, row.selector as AnnotationSelector | null);
    if (!range || range.end <= range.start) continue;
    await tx
      .update(annotations)
      .set({ anchored: true, selector: describe(text, range.start, range.end) })
      .where(eq(annotations.id, row.id));
    found += 1;
  }
  return found;
}
