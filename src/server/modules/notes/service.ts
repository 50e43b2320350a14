import { EMPTY_NOTE_CONTENT, noteTitle } from '../../../shared/notes.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { SaveNoteInput } from '../../../shared/schemas/notes.ts';
import { parseTagInput } from '../../../shared/tags.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { loadForWrite } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from '../tags/service.ts';
import { sanitizeNoteHtml } from './sanitize.ts';

export const NOT_A_NOTE_MESSAGE = 'This item is not a note.';

/** A saved note with the stored version (updated time in ms) before and after the save. */
export interface SavedNote {
  item: ItemReply;
  version: number;
  previousVersion: number | null;
}

export interface NotesDeps {
  db: Db;
  clock: Clock;
  items: ItemsService;
  tags: TagsService;
}

/** Saving notes (the items module stores them: a note is an item of type note). */
export class NotesService {
  constructor(private readonly deps: NotesDeps) {}

  /** Creates (once per local_id) or updates a note; notes are always private, their HTML sanitised. */
  async save(user: { id: number }, data: SaveNoteInput): Promise<SavedNote> {
    const { items, tags } = this.deps;
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      let existing: Authorized<'item', ItemRow> | undefined;
      if (data.link_id !== undefined) {
        existing = await loadForWrite(tx, user, data.link_id);
        if (existing.type !== 'note') throw new ValidationError(NOT_A_NOTE_MESSAGE, 'link_id');
      } else if (data.local_id) {
        existing = await items.findByLocalId(tx, user, 'note', data.local_id);
      }
      const content =
        data.content !== undefined
          ? sanitizeNoteHtml(data.content)
          : (existing?.noteContent ?? EMPTY_NOTE_CONTENT);
      const fields = {
        title: data.title || noteTitle(content),
        noteContent: content,
        noteType: 'rich',
        private: true,
        updatedAt: now,
      };
      if (existing) await items.update(tx, existing, fields);
      const row =
        existing ??
        (await items.create(tx, user, { ...fields, type: 'note', localId: data.local_id, createdAt: now }));
      // notes are private from their first save, so only their tags can change the tag counts
      if (data.tags !== undefined || !existing) {
        await tags.setItemTags(tx, user.id, row.id, parseTagInput(data.tags ?? ''));
      }
      await items.emitItems(tx, user.id, existing ? 'item.updated' : 'item.created', [row.id]);
      return { id: row.id, previousVersion: existing ? existing.updatedAt.getTime() : null };
    });
    const [item] = await items.publishUpserts(user.id, [result.id]);
    return { item: item!, version: now.getTime(), previousVersion: result.previousVersion };
  }
}
