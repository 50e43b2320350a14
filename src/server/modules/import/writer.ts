import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../shared/escape-html.ts';
import type { KindleBook } from '../../../shared/kindle-clippings.ts';
import { TITLE_MAX } from '../../../shared/schemas/items.ts';
import { formatTagInput } from '../../../shared/tags.ts';
import { urlKey } from '../../../shared/url-key.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { addImportedAnnotations, type ImportedResult } from '../annotations/imported.ts';
import type { KindleImportService } from '../annotations/kindle-import.ts';
import type { ImportedItem, ImportedItems } from '../items/imported.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { ImportFolders, OutlinerFullError, type Placement } from '../outliners/folders.ts';
import type { TagsService } from '../tags/service.ts';
import type { UploadsService } from '../uploads/service.ts';
import type { ImportEntry, Place } from './entry.ts';
import type { PageCopies } from './page-copies.ts';

/** A description longer than this is kept as a float note instead (the list shows descriptions whole). */
export const DESCRIPTION_NOTE_LIMIT = 500;

export interface WriterDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
  imported: ImportedItems;
  tags: TagsService;
  kindle: KindleImportService;
  copies: PageCopies;
  uploads: UploadsService;
}

export interface Outcome {
  added: number;
  merged: number;
  skipped: number;
  failed: number;
  problems: { at: Place; message: string }[];
}

export const emptyOutcome = (): Outcome => ({ added: 0, merged: 0, skipped: 0, failed: 0, problems: [] });

export type Located = { entry: ImportEntry; at: Place };

/**
 * Applies a batch of parsed entries to a user's library in one transaction, through the services
 * that own each table: items (new or the same page already there, merged), tags, annotations (with
 * the highlight quota), outliners (folders). Book entries go through the Kindle import. Returns
 * what happened to each entry.
 */
export class ImportWriter {
  constructor(private readonly deps: WriterDeps) {}

  async write(user: PlanHolder, batch: Located[]): Promise<Outcome> {
    const outcome = emptyOutcome();
    const books = batch.filter((b) => b.entry.kind === 'book');
    const files = batch.filter((b) => b.entry.kind !== 'book' && b.entry.file);
    const rest = batch.filter((b) => b.entry.kind !== 'book' && !b.entry.file);
    if (books.length) await this.writeBooks(user, books, outcome);
    for (const located of files) await this.writeFile(user, located, outcome);
    if (!rest.length) return outcome;
    const touched = new Set<number>();
    const done = await this.deps.db.transaction(async (tx) => {
      const result = emptyOutcome();
      touched.clear();
      await this.writeItems(tx, user, rest, result, touched);
      return result;
    });
    addOutcome(outcome, done);
    await this.deps.items.publishUpserts(user.id, [...touched]);
    return outcome;
  }

  private async writeItems(
    tx: Executor,
    user: PlanHolder,
    batch: Located[],
    out: Outcome,
    touched: Set<number>,
  ) {
    const now = this.deps.clock.now();
    const bookmarks = batch.filter((b) => b.entry.kind === 'bookmark' && b.entry.url);
    const existing = await this.deps.imported.sameBookmarks(
      tx,
      user,
      bookmarks.map((b) => b.entry.url!),
    );
    // the same page twice in one batch: the first makes it, the rest merge into it
    const firstOfKey = new Map<string, Located>();
    const fresh: Located[] = [];
    const merging: { located: Located; key: string }[] = [];
    for (const located of bookmarks) {
      const key = urlKey(located.entry.url!);
      if (existing.has(key) || firstOfKey.has(key)) merging.push({ located, key });
      else {
        firstOfKey.set(key, located);
        fresh.push(located);
      }
    }
    const notes = batch.filter((b) => b.entry.kind === 'note');
    const noteKeys = notes.map((n) => noteKey(n.entry));
    const knownNotes = await this.deps.imported.notesByLocalId(tx, user, noteKeys);
    const newNotes = notes.filter((_, i) => !knownNotes.has(noteKeys[i]!));
    // a note imported before is the same note: merged, as a page already there is
    out.merged += notes.length - newNotes.length;

    const made = await this.deps.imported.create(
      tx,
      user,
      [...fresh.map((f) => bookmarkValues(f.entry, now)), ...newNotes.map((n) => noteValues(n.entry, now))],
      now,
    );
    const itemOf = new Map<Located, Authorized<'item', ItemRow>>();
    for (const [i, located] of [...fresh, ...newNotes].entries()) itemOf.set(located, made[i]!);
    for (const { located, key } of merging) {
      itemOf.set(located, existing.get(key) ?? itemOf.get(firstOfKey.get(key)!)!);
    }

    const placements: Placement[] = [];
    const toCapture: ItemRow[] = [];
    const toStar: Authorized<'item', ItemRow>[] = [];
    const newTags: { itemId: number; names: string[] }[] = [];
    const created = new Set([...fresh, ...newNotes]);
    for (const located of [...created, ...merging.map((m) => m.located)]) {
      const item = itemOf.get(located)!;
      const isNew = created.has(located);
      const entry = located.entry;
      const tags = [...entry.tags, ...(entry.folder.length ? [entry.folder[entry.folder.length - 1]!] : [])];
      if (isNew) newTags.push({ itemId: item.id, names: tags });
      else {
        await this.addTags(tx, user.id, item.id, tags);
        if (entry.starred) toStar.push(item);
      }
      if (entry.folder.length) placements.push({ item, path: entry.folder });
      const floatNote = floatNoteOf(entry);
      const annotated: ImportedResult =
        entry.highlights.length || floatNote
          ? await addImportedAnnotations(
              tx,
              this.deps,
              user,
              item,
              { highlights: entry.highlights, floatNote },
              now,
            )
          : { added: 0 };
      if (isNew && entry.kind === 'bookmark') {
        if (!entry.pageCopy || !(await this.deps.copies.keep(tx, item, entry.pageCopy))) toCapture.push(item);
      }
      touched.add(item.id);
      if (annotated.refused) {
        out.failed += 1;
        out.problems.push({ at: located.at, message: annotated.refused.message });
      } else if (isNew) out.added += 1;
      else out.merged += 1;
    }
    await this.deps.tags.tagNewItems(tx, user.id, newTags);
    await this.deps.imported.star(tx, toStar);
    await this.deps.imported.queueCaptures(tx, user, toCapture, now);
    await this.deps.imported.queueRules(
      tx,
      user,
      made.map((item) => item.id),
    );
    await this.placeInFolders(tx, user, placements, out, batch);
  }

  /** Folders in a savepoint: a full outliner or quota keeps the items, unfiled, and says so. */
  private async placeInFolders(
    tx: Executor,
    user: PlanHolder,
    placements: Placement[],
    out: Outcome,
    batch: Located[],
  ) {
    if (!placements.length) return;
    try {
      await tx.transaction((sp) =>
        new ImportFolders(this.deps, user, () => this.deps.clock.now()).place(sp, placements),
      );
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof OutlinerFullError)) throw err;
      out.problems.push({
        at: batch[0]!.at,
        message: `Folders not kept as outliners: ${(err as Error).message}`,
      });
    }
  }

  private async addTags(tx: Executor, userId: number, itemId: number, tags: string[]) {
    if (!tags.length) return;
    const current = (await this.deps.tags.tagNamesFor(tx, [itemId])).get(itemId) ?? '';
    const names = current ? current.split(',') : [];
    const known = new Set(names.map((n) => n.toLowerCase()));
    const adding = tags.filter((t) => !known.has(t.toLowerCase()));
    if (adding.length) await this.deps.tags.setItemTags(tx, userId, itemId, [...names, ...adding]);
  }

  /** A file the source ships (Omnivore's PDFs) goes through uploads, with its quota; the same bytes again merge. */
  private async writeFile(user: PlanHolder, { entry, at }: Located, out: Outcome) {
    try {
      const { created } = await this.deps.uploads.saveImported(user, {
        name: entry.title || entry.file!.name,
        bytes: entry.file!.bytes,
        tags: formatTagInput(entry.tags),
        description: entry.description,
      });
      if (created) out.added += 1;
      else out.merged += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.failed += 1;
      out.problems.push({ at, message: err.message });
    }
  }

  /** Readwise's books, as Kindle books: found again by title, highlights by location. */
  private async writeBooks(user: PlanHolder, books: Located[], out: Outcome) {
    const asKindle: KindleBook[] = books.map(({ entry }) => ({
      title: entry.title,
      author: entry.author ?? '',
      clippings: entry.highlights.flatMap((h) => {
        const location = /(\d+(?:-\d+)?)/.exec(h.location ?? '')?.[1] ?? '';
        const page = /^page\b/i.test(h.location ?? '') ? location : undefined;
        const at = page ? '' : location;
        return [
          { kind: 'highlight' as const, location: at, page, text: h.quote },
          ...(h.note
            ? [{ kind: 'note' as const, location: at.split('-').pop() ?? '', page, text: h.note }]
            : []),
        ];
      }),
    }));
    const totals = await this.deps.kindle.importBooks(user.id, asKindle);
    out.added += totals.items;
    out.merged += books.length - totals.items;
  }
}

export function addOutcome(into: Outcome, from: Outcome) {
  into.added += from.added;
  into.merged += from.merged;
  into.skipped += from.skipped;
  into.failed += from.failed;
  into.problems.push(...from.problems);
}

function bookmarkValues(entry: ImportEntry, now: Date): ImportedItem {
  return {
    type: 'bookmark',
    url: entry.url,
    title: (entry.title || entry.url || '').slice(0, TITLE_MAX),
    description: descriptionOf(entry),
    unread: !entry.read,
    private: entry.private ?? true,
    starred: entry.starred ?? false,
    createdAt: entry.created ?? now,
  };
}

/** The description; a short note stands in for a missing one. */
function descriptionOf(entry: ImportEntry): string {
  if (entry.description.length > DESCRIPTION_NOTE_LIMIT) return '';
  if (entry.description) return entry.description;
  return entry.note && entry.note.length <= DESCRIPTION_NOTE_LIMIT ? entry.note : '';
}

/** What the description does not hold of a long description or a note becomes a float note. */
function floatNoteOf(entry: ImportEntry): string | undefined {
  const shown = entry.kind === 'bookmark' ? descriptionOf(entry) : entry.description;
  const parts = [entry.kind === 'bookmark' ? entry.description : '', entry.note ?? ''].filter(
    (text) => text && text !== shown,
  );
  if (entry.floatNote) parts.push(entry.floatNote);
  return parts.length ? parts.join('\n\n') : undefined;
}

function noteValues(entry: ImportEntry, now: Date): ImportedItem {
  const html = entry.description
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    type: 'note',
    url: null,
    title: (entry.title || entry.description.slice(0, 80) || 'Note').slice(0, TITLE_MAX),
    description: '',
    unread: false,
    private: true,
    starred: entry.starred ?? false,
    createdAt: entry.created ?? now,
    noteContent: html,
    localId: noteKey(entry),
  };
}

const noteKey = (entry: ImportEntry) =>
  `import:${createHash('sha256').update(`${entry.title}\u0000${entry.description}`).digest('hex').slice(0, 32)}`;
