import {
  type KindleBook,
  type KindleClipping,
  type KindleClippings,
  locationEnd,
  parseKindleClippings,
} from '../../../shared/kindle-clippings.ts';
import {
  ANNOTATION_CONTENT_MAX,
  type KindleImportReply,
  SHAPE,
} from '../../../shared/schemas/annotations.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from '../../../shared/schemas/items.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { kindleMd5 } from './presenter.ts';
import * as repo from './repo.ts';

export const NOT_CLIPPINGS_MESSAGE = "This is not a Kindle 'My Clippings.txt' file.";
const INSERT_CHUNK = 500;
/** Parsed this many characters at a time, so parsing a 20 MB file never holds the event loop long. */
const PARSE_SLICE_CHARS = 64 * 1024;
/**
 * Books per transaction: bounded work between two commits, and bounded statements. Embedded PGlite
 * runs each statement on the main thread (taking a turn of the event loop before each, see
 * db/client.ts), so one statement's rows bound how long the loop is held; on PostgreSQL statements
 * never hold the loop. A batch's counts and search vectors are one UPDATE (a per-item UPDATE fired
 * the tag-tab statement trigger once per book: 6 of 20 s for 1,000 books on PGlite).
 */
const BATCH_BOOKS = 25;
const BATCH_CLIPPINGS = 500;

export interface KindleImportDeps {
  db: Db;
  clock: Clock;
  items: ItemsService;
  /** told of clippings kept as highlights for want of a known kind word, and of blocks that are no clipping */
  log?: (fields: object, message: string) => void;
}

/** A note and the highlight it was written on, if any. */
interface PlannedNote {
  note: KindleClipping;
  highlight: KindleClipping | undefined;
}

export type Totals = { items: number; highlights: number; stickyNotes: number };
type AnnotationValues = Parameters<typeof repo.insertNew>[2][number];

/** Lets other requests run between two bounded steps of a long import. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports a 'My Clippings.txt': one private kindle item per book (found again by its title), one
 * Kindle highlight (shape 10) per highlight. A note written where a highlight ends becomes that
 * highlight's sticky note; any other note is a Kindle highlight of its own. ann_md5 comes from book,
 * location, kind and text, so importing a file again adds only what is new. Kindle highlights are
 * imported, not made, and take no highlight quota.
 *
 * A large file (5,000 books, tens of thousands of highlights) is parsed in slices and stored in
 * batches of books, each in its own transaction with set-based statements, yielding to the event
 * loop in between: other requests keep answering, and on PGlite (one connection) wait at most one
 * batch. A failure part way leaves the earlier batches stored; importing the file again adds the
 * rest, since the import is idempotent.
 */
export class KindleImportService {
  constructor(private readonly deps: KindleImportDeps) {}

  async importClippings(userId: number, text: string): Promise<KindleImportReply> {
    const parsed = await parseInSlices(text);
    if (parsed.found === 0) throw new ValidationError(NOT_CLIPPINGS_MESSAGE, 'file');
    if (parsed.unclassified > 0 || parsed.unreadable > 0) {
      // the reply's shape is fixed ({code, items, highlights, stickyNotes}): unclassified clippings are
      // counted among its highlights, and told here with the blocks that are no clipping at all
      this.deps.log?.(
        { userId, found: parsed.found, unclassified: parsed.unclassified, unreadable: parsed.unreadable },
        'Kindle import: clippings of no known kind kept as highlights; blocks that are no clipping left out',
      );
    }
    return { code: 1, ...(await this.importBooks(userId, parsed.books)) };
  }

  /** Books and their clippings (a Kindle file, or Readwise's highlights through the import module). */
  async importBooks(userId: number, books: KindleBook[]): Promise<Totals> {
    const now = this.deps.clock.now();
    const totals: Totals = { items: 0, highlights: 0, stickyNotes: 0 };
    for (const batch of batches(mergeByTitle(books))) {
      await yieldToEventLoop();
      // counted apart and added once committed: a transaction PostgreSQL aborts runs again
      const added: Totals = { items: 0, highlights: 0, stickyNotes: 0 };
      const touched = await this.deps.db.transaction((tx) => {
        Object.assign(added, { items: 0, highlights: 0, stickyNotes: 0 });
        return this.importBatch(tx, userId, batch, now, added);
      });
      totals.items += added.items;
      totals.highlights += added.highlights;
      totals.stickyNotes += added.stickyNotes;
      await this.deps.items.publishUpserts(userId, touched);
    }
    return totals;
  }

  /** One batch of books (distinct titles) in one transaction; returns the items it changed. */
  private async importBatch(tx: Executor, userId: number, books: KindleBook[], now: Date, totals: Totals) {
    const found = await this.deps.items.kindleBooks(tx, { id: userId }, books, now);
    const granted = [...found.values()].map((f) => f.item);
    const itemOf = (book: KindleBook) => found.get(book.title)!.item.id;
    const touched = new Set<number>();
    for (const { created, item } of found.values()) {
      if (!created) continue;
      totals.items += 1;
      touched.add(item.id);
    }
    const rowsOf = (book: KindleBook, clippings: KindleClipping[]) =>
      clippings.map((c) => annotationValues(userId, itemOf(book), book.title, c, now));
    const plans = books.map((book) => ({ book, ...planClippings(book.clippings) }));
    const insert = async (rows: AnnotationValues[]) => {
      for (const row of await insertChunked(tx, granted, rows)) {
        totals.highlights += 1;
        touched.add(row.itemId);
      }
    };
    await insert(plans.flatMap((p) => rowsOf(p.book, p.standalone)));

    // Notes on a highlight: its sticky note, unless it already has another one.
    const attached = plans.flatMap((p) =>
      p.attached.map(({ note, highlight }) => ({
        itemId: itemOf(p.book),
        note,
        md5: kindleMd5(p.book.title, highlight!.location, highlight!.kind, highlight!.text),
      })),
    );
    const targets = await repo.findByMd5s(
      tx,
      [...new Set(attached.map((a) => a.itemId))],
      [...new Set(attached.map((a) => a.md5))],
    );
    const targetOf = new Map(targets.map((t) => [`${t.itemId}:${t.annMd5}`, t]));
    const existing = await repo.stickyNotesOf(
      tx,
      targets.map((t) => t.id),
    );
    const stickyOf = new Map(existing.map((s) => [s.annotationId, s.content]));
    const newSticky: Parameters<typeof repo.insertStickyNotes>[2] = [];
    const ownNotes: AnnotationValues[] = [];
    const bookOfItem = new Map(books.map((b) => [itemOf(b), b.title]));
    for (const { itemId, note, md5 } of attached) {
      const target = targetOf.get(`${itemId}:${md5}`)!;
      const content = note.text.slice(0, ANNOTATION_CONTENT_MAX);
      const current = stickyOf.get(target.id);
      if (current === content) continue;
      if (current !== undefined) {
        ownNotes.push(annotationValues(userId, itemId, bookOfItem.get(itemId)!, note, now));
        continue;
      }
      stickyOf.set(target.id, content);
      newSticky.push({
        itemId,
        userId,
        annotationId: target.id,
        content,
        sMode: 2,
        createdAt: now,
        updatedAt: now,
      });
      touched.add(itemId);
    }
    for (let i = 0; i < newSticky.length; i += INSERT_CHUNK) {
      await repo.insertStickyNotes(tx, granted, newSticky.slice(i, i + INSERT_CHUNK));
    }
    totals.stickyNotes += newSticky.length;
    await insert(ownNotes);

    const ids = [...touched];
    const counts = await repo.countsOfItems(tx, ids);
    await this.deps.items.setAnnotationCounts(
      tx,
      granted
        .filter((item) => touched.has(item.id))
        .map((item) => ({ item, count: counts.get(item.id) ?? 0 })),
    );
    return ids;
  }
}

/** The annotation row of one clipping of a book. */
function annotationValues(
  userId: number,
  itemId: number,
  title: string,
  c: KindleClipping,
  now: Date,
): AnnotationValues {
  return {
    userId,
    itemId,
    shape: SHAPE.kindleHighlight,
    content: c.text.slice(0, ANNOTATION_CONTENT_MAX),
    annMd5: kindleMd5(title, c.location, c.kind, c.text),
    color: 'yellow',
    selector: [
      {
        type: 'KindleLocationSelector',
        location: c.location,
        ...(c.page ? { page: c.page.slice(0, 50) } : {}),
        ...(c.added ? { added: c.added.slice(0, 100) } : {}),
        kind: c.kind,
      },
    ],
    createdAt: now,
    updatedAt: now,
  };
}

/** Multi-row inserts of at most INSERT_CHUNK rows; a clipping already stored (same md5) is skipped. */
async function insertChunked(
  tx: Executor,
  granted: Authorized<'item', ItemRow>[],
  values: AnnotationValues[],
) {
  const rows = uniqueBy(values, (r) => `${r.itemId}:${r.annMd5}`);
  const inserted = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    inserted.push(...(await repo.insertNew(tx, granted, rows.slice(i, i + INSERT_CHUNK))));
  }
  return inserted;
}

/**
 * The file parsed a slice at a time (slices end after a separator line, so no clipping is cut),
 * yielding between slices; books are merged in the order they first appear.
 */
export async function parseInSlices(text: string): Promise<KindleClippings> {
  const result: KindleClippings = { books: [], found: 0, skipped: 0, unclassified: 0, unreadable: 0 };
  const books = new Map<string, KindleBook>();
  for (let start = 0; start < text.length; ) {
    let end = start + PARSE_SLICE_CHARS;
    if (end < text.length) {
      const separator = text.indexOf('\n==========', end);
      const lineEnd = separator < 0 ? -1 : text.indexOf('\n', separator + 1);
      end = lineEnd < 0 ? text.length : lineEnd + 1;
    }
    const slice = parseKindleClippings(text.slice(start, end));
    result.found += slice.found;
    result.skipped += slice.skipped;
    result.unclassified += slice.unclassified;
    result.unreadable += slice.unreadable;
    for (const book of slice.books) {
      const key = `${book.title}\u0000${book.author}`;
      const known = books.get(key);
      if (known) known.clippings.push(...book.clippings);
      else books.set(key, book);
    }
    start = end;
    if (start < text.length) await yieldToEventLoop();
  }
  result.books = [...books.values()];
  return result;
}

/**
 * Books that share a title after cutting to the title limit are one item: their clippings are
 * imported together (as the item is found by its title), the first author kept.
 */
function mergeByTitle(books: KindleBook[]): KindleBook[] {
  const byTitle = new Map<string, KindleBook>();
  for (const book of books) {
    const title = book.title.slice(0, TITLE_MAX);
    const known = byTitle.get(title);
    if (known) known.clippings.push(...book.clippings);
    else
      byTitle.set(title, {
        title,
        author: book.author.slice(0, DESCRIPTION_MAX),
        clippings: [...book.clippings],
      });
  }
  return [...byTitle.values()];
}

/** Groups of at most BATCH_BOOKS books and (unless one book alone has more) BATCH_CLIPPINGS clippings. */
function* batches(books: KindleBook[]): Generator<KindleBook[]> {
  let batch: KindleBook[] = [];
  let clippings = 0;
  for (const book of books) {
    if (
      batch.length > 0 &&
      (batch.length >= BATCH_BOOKS || clippings + book.clippings.length > BATCH_CLIPPINGS)
    ) {
      yield batch;
      batch = [];
      clippings = 0;
    }
    batch.push(book);
    clippings += book.clippings.length;
  }
  if (batch.length > 0) yield batch;
}

/** Which notes sit where a highlight of the book ends (the nearest such highlight in the file). */
export function planClippings(clippings: KindleClipping[]): {
  standalone: KindleClipping[];
  attached: PlannedNote[];
} {
  const standalone: KindleClipping[] = [];
  const attached: PlannedNote[] = [];
  // the highlights' positions in the file by where they end: one pass, not one per note
  const highlightsEndingAt = new Map<string, number[]>();
  clippings.forEach((h, i) => {
    if (h.kind !== 'highlight' || h.location === '') return;
    const end = locationEnd(h.location);
    highlightsEndingAt.set(end, [...(highlightsEndingAt.get(end) ?? []), i]);
  });
  clippings.forEach((c, index) => {
    if (c.kind === 'highlight' || c.location === '') {
      standalone.push(c);
      return;
    }
    let best: number | undefined;
    for (const i of highlightsEndingAt.get(locationEnd(c.location)) ?? []) {
      if (best === undefined || Math.abs(i - index) < Math.abs(best - index)) best = i;
    }
    if (best === undefined) standalone.push(c);
    else attached.push({ note: c, highlight: clippings[best]! });
  });
  return { standalone, attached };
}

function uniqueBy<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
