import { NOTE_AUTO_TITLE_CHARS, NOTE_EXCERPT_DEFAULT } from './limits.ts';

/** An empty note's content (part 2 §9). */
export const EMPTY_NOTE_CONTENT = '<p></p>';
/** The title of a note with no text (part 2 §4). */
export const UNTITLED_NOTE = 'untitle';
/** A note not yet saved has a link id of new- plus a timestamp, sent as local_id (part 1 §3). */
export const LOCAL_NOTE_PREFIX = 'new-';

export function isLocalNoteId(linkId: string): boolean {
  return /^new-\d+$/.test(linkId);
}

export function newLocalNoteId(now: number = Date.now()): string {
  return `${LOCAL_NOTE_PREFIX}${now}`;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A note's plain text: tags removed (block ends and <br> become spaces so words do not run together),
 * entities decoded, whitespace collapsed. Pure string work, so server and browser agree.
 */
export function noteText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|td|th|table|hr|br)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** A new note's title: the first 15 characters of its text, or 'untitle' when it has none. */
export function noteTitle(html: string): string {
  const text = noteText(html);
  if (!text) return UNTITLED_NOTE;
  return Array.from(text).slice(0, NOTE_AUTO_TITLE_CHARS).join('').trim();
}

/** A text preview for library rows: 300 characters by default, 100 in the grid and list previews. */
export function noteExcerpt(html: string, max: number = NOTE_EXCERPT_DEFAULT): string {
  const chars = Array.from(noteText(html));
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Nothing typed and no picture: such a new note is removed when left. */
export function isEmptyNote(html: string): boolean {
  return noteText(html) === '' && !/<img\b/i.test(html);
}

/** Tags as the note save call takes them: each quoted, comma-joined ('"a","b c"'). */
export function formatNoteTags(names: string[]): string {
  return names
    .map((n) => n.replace(/"/g, '').trim())
    .filter(Boolean)
    .map((n) => `"${n}"`)
    .join(',');
}
