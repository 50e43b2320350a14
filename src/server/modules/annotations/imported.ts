import { and, eq, inArray } from 'drizzle-orm';
import {
  ANNOTATION_CONTENT_MAX,
  type AnnotationSelector,
  type HighlightColor,
  SHAPE,
} from '../../../shared/schemas/annotations.ts';
import { HIGHLIGHT_COLORS } from '../../../shared/schemas/values.ts';
import type { Executor } from '../../db/client.ts';
import { annotations } from '../../db/schema.ts';
import { QuotaExceededError } from '../../platform/errors.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { insertHighlight } from './insert.ts';
import * as repo from './repo.ts';

/** A highlight as an import brings it: found again on the page copy by its quote. */
export interface ImportedHighlight {
  quote: string;
  prefix?: string;
  suffix?: string;
  position?: { start: number; end: number };
  color?: string;
  note?: string;
}

export interface ImportedAnnotations {
  highlights: ImportedHighlight[];
  /** a page note: a float note at the top of the page */
  floatNote?: string;
}

/** What importing one item's annotations did; `refused` is set when the highlight quota ran out. */
export interface ImportedResult {
  added: number;
  refused?: QuotaExceededError;
}

/** Where an imported float note sits: the top left of the article. */
const FLOAT_NOTE_PLACE = { type: 'FloatPositionSelector', x: 0.02, y: 0 } as const;

/**
 * Adds an import's highlights (with their notes as sticky notes) and page note to an item of the
 * importer's: a quote the item already has is not added again, so importing twice changes nothing.
 * Each new highlight takes one unit of the highlight quota; when it runs out the rest are refused
 * (the caller reports the spec's over-quota result for that entry) and nothing else is undone.
 */
export async function addImportedAnnotations(
  tx: Executor,
  deps: { accounts: AccountsService; items: ItemsService },
  user: PlanHolder,
  item: Authorized<'item', ItemRow>,
  incoming: ImportedAnnotations,
  now: Date,
): Promise<ImportedResult> {
  const existing = await existingContents(tx, item.id);
  const result: ImportedResult = { added: 0 };
  const stickies: Parameters<typeof repo.insertStickyNotes>[2] = [];
  for (const h of incoming.highlights) {
    const quote = h.quote.slice(0, ANNOTATION_CONTENT_MAX);
    if (!quote.trim() || existing.has(quote)) continue;
    try {
      await deps.accounts.reserveUsage(tx, user, 'annotation');
    } catch (err) {
      if (!(err instanceof QuotaExceededError)) throw err;
      result.refused = err;
      break;
    }
    existing.add(quote);
    const { row, created } = await insertHighlight(
      tx,
      { kind: 'own', item },
      user,
      {
        shape: SHAPE.text,
        content: quote,
        color: colorOf(h.color),
        selector: selectorOf(h, quote),
        anchored: false,
      },
      now,
    );
    if (!created) continue;
    result.added += 1;
    if (h.note?.trim()) {
      stickies.push({
        itemId: item.id,
        userId: user.id,
        annotationId: row.id,
        content: h.note.trim().slice(0, ANNOTATION_CONTENT_MAX),
        sMode: 2,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  const floatNote = incoming.floatNote?.trim().slice(0, ANNOTATION_CONTENT_MAX);
  if (floatNote && !existing.has(floatNote)) {
    const { created } = await insertHighlight(
      tx,
      { kind: 'own', item },
      user,
      { shape: SHAPE.floatNote, content: floatNote, color: 'yellow', selector: [FLOAT_NOTE_PLACE] },
      now,
    );
    if (created) result.added += 1;
  }
  await repo.insertStickyNotes(tx, [item], stickies);
  if (result.added) await deps.items.setAnnotationCount(tx, item, await repo.countOfItem(tx, item.id));
  return result;
}

/** The texts of the item's highlights and float notes: what an import must not add twice. */
async function existingContents(tx: Executor, itemId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ content: annotations.content })
    .from(annotations)
    .where(
      and(
        eq(annotations.itemId, itemId),
        inArray(annotations.shape, [SHAPE.text, SHAPE.extension, SHAPE.floatNote, SHAPE.pdfHighlight]),
      ),
    );
  return new Set(rows.map((r) => r.content));
}

function selectorOf(h: ImportedHighlight, quote: string): AnnotationSelector {
  const selector: AnnotationSelector = [
    {
      type: 'TextQuoteSelector',
      exact: quote,
      ...(h.prefix ? { prefix: h.prefix.slice(-200) } : {}),
      ...(h.suffix ? { suffix: h.suffix.slice(0, 200) } : {}),
    },
  ];
  if (h.position && h.position.end > h.position.start && h.position.start >= 0) {
    selector.push({ type: 'TextPositionSelector', start: h.position.start, end: h.position.end });
  }
  return selector;
}

/** Sources' colours onto Folio's four; anything else is yellow. */
function colorOf(color: string | undefined): HighlightColor {
  const c = (color ?? '').toLowerCase();
  if ((HIGHLIGHT_COLORS as readonly string[]).includes(c)) return c as HighlightColor;
  if (c === 'red' || c === 'orange' || c === 'purple') return 'pink';
  if (c === 'cyan' || c === 'indigo') return 'blue';
  return 'yellow';
}
