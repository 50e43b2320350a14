import { and, eq, isNull, sql } from 'drizzle-orm';
import { parseHTML } from 'linkedom';
import { anchor, describe } from '../../../shared/anchoring/anchor.ts';
import { indexText } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationSelector } from '../../../shared/schemas/annotations.ts';
import type { Executor } from '../../db/client.ts';
import { annotations } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';

/** Shapes placed on a page copy's text (text highlights, the extension's); the rest keep their place. */
const TEXT_SHAPES = [0, 5];

/**
 * After "Update copy" (in its transaction): finds each highlight of the item's current copy on the
 * new copy's text, indexed as the reader indexes it, with the reader's own anchoring (orphan rather
 * than guess). One found takes the new copy's quote, context and position; one not found stays on
 * the replaced copy (`versionId`), listed as orphaned, never placed on other text.
 */
export async function reanchorOnNewCopy(
  tx: Executor,
  item: Authorized<'item', ItemRow>,
  html: string,
  versionId: number,
): Promise<{ reanchored: number; orphaned: number }> {
  const rows = await tx
    .select({ id: annotations.id, selector: annotations.selector })
    .from(annotations)
    .where(
      and(
        eq(annotations.itemId, item.id),
        isNull(annotations.pageVersionId),
        sql`${annotations.shape} IN (${sql.join(TEXT_SHAPES, sql`, `)})`,
        // an imported highlight never found on the old copy is found (or not) by anchorImported
        sql`${annotations.anchored} IS NOT FALSE`,
      ),
    );
  const counts = { reanchored: 0, orphaned: 0 };
  if (!rows.length) return counts;
  const { document } = parseHTML(`<!doctype html><html><body><article>${html}</article></body></html>`);
  const text = indexText(document.querySelector('article')!).text;
  for (const row of rows) {
    const range = anchor(text, row.selector as AnnotationSelector | null);
    const found = range !== null && range.end > range.start;
    await tx
      .update(annotations)
      .set(found ? { selector: describe(text, range.start, range.end) } : { pageVersionId: versionId })
      .where(eq(annotations.id, row.id));
    counts[found ? 'reanchored' : 'orphaned'] += 1;
  }
  return counts;
}

/** The highlights left on an item's earlier copies (orphans of the current one), by version. */
export async function highlightsOnVersions(ex: Executor, itemId: number) {
  return ex
    .select({ id: annotations.id, content: annotations.content, versionId: annotations.pageVersionId })
    .from(annotations)
    .where(and(eq(annotations.itemId, itemId), sql`${annotations.pageVersionId} IS NOT NULL`))
    .orderBy(annotations.id);
}
