/** What the editor holds; `title` null means the title follows the text. */
export interface NoteState {
  title: string | null;
  content: string;
  tags: string[];
}

export interface NoteDraft extends NoteState {
  /** when it was written (ms, this browser's clock) */
  at: number;
}

/** The part of Storage drafts use (localStorage, or a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'folio:note-draft:';

/** Keeps the editor's state in this browser under the note's link id, so a reload loses nothing. */
export function writeDraft(storage: DraftStorage, linkId: string, state: NoteState, at: number): void {
  try {
    storage.setItem(PREFIX + linkId, JSON.stringify({ ...state, at } satisfies NoteDraft));
  } catch {
    // storage full or disabled: the server copy is all there is
  }
}

export function readDraft(storage: DraftStorage, linkId: string): NoteDraft | null {
  try {
    const raw = storage.getItem(PREFIX + linkId);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<NoteDraft>;
    if (typeof d.content !== 'string' || typeof d.at !== 'number' || !Array.isArray(d.tags)) return null;
    return {
      title: typeof d.title === 'string' ? d.title : null,
      content: d.content,
      tags: d.tags.filter((t): t is string => typeof t === 'string'),
      at: d.at,
    };
  } catch {
    return null;
  }
}

export function clearDraft(storage: DraftStorage, linkId: string): void {
  try {
    storage.removeItem(PREFIX + linkId);
  } catch {}
}

export function sameState(a: NoteState, b: NoteState): boolean {
  return a.title === b.title && a.content === b.content && a.tags.join('\n') === b.tags.join('\n');
}

/**
 * The draft to restore over the server copy: one written after the server copy was last saved and
 * different from it. A note the server never had (a new note) takes any draft.
 */
export function draftToRestore(
  draft: NoteDraft | null,
  server: (NoteState & { updatedAtMs: number }) | null,
): NoteDraft | null {
  if (!draft) return null;
  if (!server) return draft;
  if (draft.at <= server.updatedAtMs || sameState(draft, server)) return null;
  return draft;
}

/** The server's version of a note as this tab last knew it: exact ms after a save, seconds after a load. */
export type KnownVersion = { ms: number } | { seconds: number };

/** True when the version the server had before our save is not the one we knew: another tab saved. */
export function changedElsewhere(known: KnownVersion | null, previousMs: number | null): boolean {
  if (known === null || previousMs === null) return false;
  if ('ms' in known) return previousMs !== known.ms;
  return Math.floor(previousMs / 1000) !== known.seconds;
}

export const CHANGED_ELSEWHERE_TEXT = 'This note was changed in another tab; your version was saved over it.';
