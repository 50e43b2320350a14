import {
  type KindleBook,
  type KindleClipping,
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
import type { Authorized } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { refreshSearchVectors } from '../search/vectors.ts';
import { kindleMd5 } from './presenter.ts';
import * as repo from './repo.ts';

export const NOT_CLIPPINGS_MESSAGE = "This is not a Kindle 'My Clippings.txt' file.";
const INSERT_CHUNK = 500;

export interface KindleImportDeps {
  db: Db;
  clock: Clock;
  items: ItemsService;
}

/** A note and the highlight it was written on, if any. */
interface PlannedNote {
  note: KindleClipping;
  highlight: KindleClipping | undefined;
}

/**
 * Imports a 'My Clippings.txt': one private kindle item per book (found again by its title), one
 * Kindle highlight (shape 10) per highlight. A note written where a highlight ends becomes that
 * highlight's sticky note; any other note is a Kindle highlight of its own. ann_md5 comes from book,
 * location, kind and text, so importing a file again adds only what is new. Kindle highlights are
 * imported, not made, and take no highlight quota.
 */
export class KindleImportService {
  constructor(private readonly deps: KindleImportDeps) {}

  async importClippings(userId: number, text: string): Promise<KindleImportReply> {
    const parsed = parseKindleClippings(text);
    if (parsed.found === 0) throw new ValidationError(NOT_CLIPPINGS_MESSAGE, 'file');
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      const totals = { items: 0, highlights: 0, stickyNotes: 0 };
      const touched: Authorized<ItemRow>[] = [];
      for (const book of parsed.books) {
        const title = book.title.slice(0, TITLE_MAX);
        const { item, created } = await this.deps.items.kindleBook(
          tx,
          { id: userId },
          {
            title,
            author: book.author.slice(0, DESCRIPTION_MAX),
            now,
          },
        );
        const added = await this.importBook(tx, userId, item, title, book, now);
        if (created) totals.items += 1;
        totals.highlights += added.highlights;
        totals.stickyNotes += added.stickyNotes;
        if (created || added.highlights + added.stickyNotes > 0) touched.push(item);
      }
      for (const item of touched) {
        await this.deps.items.setAnnotationCount(tx, item, await repo.countOfItem(tx, item.id));
      }
      const ids = touched.map((i) => i.id);
      await refreshSearchVectors(tx, ids);
      return { totals, touched: ids };
    });
    await this.deps.items.publishUpserts(userId, result.touched);
    return { code: 1, ...result.totals };
  }

  private async importBook(
    tx: Executor,
    userId: number,
    item: Authorized<ItemRow>,
    title: string,
    book: KindleBook,
    now: Date,
  ): Promise<{ highlights: number; stickyNotes: number }> {
    const md5Of = (c: KindleClipping) => kindleMd5(title, c.location, c.kind, c.text);
    const toRow = (c: KindleClipping) => ({
      userId,
      shape: SHAPE.kindleHighlight,
      content: c.text.slice(0, ANNOTATION_CONTENT_MAX),
      annMd5: md5Of(c),
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
    });

    const { standalone, attached } = planClippings(book.clippings);
    let highlights = 0;
    const insert = async (clippings: KindleClipping[]) => {
      const rows = uniqueBy(clippings.map(toRow), (r) => r.annMd5);
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        highlights += (await repo.insertNew(tx, item, rows.slice(i, i + INSERT_CHUNK))).length;
      }
    };
    await insert(standalone);

    // Notes on a highlight: its sticky note, unless it already has another one.
    const targets = await repo.findByMd5(
      tx,
      item.id,
      attached.map((a) => md5Of(a.highlight!)),
    );
    const targetByMd5 = new Map(targets.map((t) => [t.annMd5, t]));
    const existing = await repo.stickyNotesOf(
      tx,
      targets.map((t) => t.id),
    );
    const stickyOf = new Map(existing.map((s) => [s.annotationId, s.content]));
    const newSticky: Parameters<typeof repo.insertStickyNotes>[2] = [];
    const ownNotes: KindleClipping[] = [];
    for (const { note, highlight } of attached) {
      const target = targetByMd5.get(md5Of(highlight!))!;
      const content = note.text.slice(0, ANNOTATION_CONTENT_MAX);
      const current = stickyOf.get(target.id);
      if (current === content) continue;
      if (current !== undefined) {
        ownNotes.push(note);
        continue;
      }
      stickyOf.set(target.id, content);
      newSticky.push({
        userId,
        annotationId: target.id,
        content,
        sMode: 2,
        createdAt: now,
        updatedAt: now,
      });
    }
    await repo.insertStickyNotes(tx, item, newSticky);
    await insert(ownNotes);
    return { highlights, stickyNotes: newSticky.length };
  }
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
