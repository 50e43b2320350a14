import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';

/*
 * The reading side area's memory: the outliner open in it (reopened next time) and the guide
 * cookies its first open sets, which also hide the tip (part 2 §4, §9).
 */
export const SIDE_OUTLINER_KEY = 'folio-side-outliner';
export const GUIDE_COOKIES = ['GUIDE_READING_1', 'GUIDE_READING_2'] as const;
export const GUIDE_COOKIE_DAYS = COOKIE_DAYS_LONG;

export function rememberedOutliner(storage: Pick<Storage, 'getItem'> | undefined): number | null {
  const raw = storage?.getItem(SIDE_OUTLINER_KEY);
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export function rememberOutliner(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  id: number | null,
) {
  if (!storage) return;
  if (id === null) storage.removeItem(SIDE_OUTLINER_KEY);
  else storage.setItem(SIDE_OUTLINER_KEY, String(id));
}

/** The tip shows until the side area was opened once. */
export function tipVisible(cookie: (name: string) => string | undefined): boolean {
  return !GUIDE_COOKIES.every((name) => cookie(name));
}

/** What a drop onto the side area carries: a highlight (with its id) or plain selected text. */
export const ANNOTATION_DRAG_TYPE = 'application/x-folio-annotation';

export interface DroppedText {
  text: string;
  annId?: number;
}

export function readDrop(data: Pick<DataTransfer, 'getData'>): DroppedText | null {
  const raw = data.getData(ANNOTATION_DRAG_TYPE);
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as { ann_id?: unknown; text?: unknown };
      if (typeof parsed.text === 'string' && parsed.text.trim()) {
        return typeof parsed.ann_id === 'number'
          ? { text: parsed.text.trim(), annId: parsed.ann_id }
          : { text: parsed.text.trim() };
      }
    } catch {
      // fall through to the plain text
    }
  }
  const text = data.getData('text/plain').trim();
  return text ? { text } : null;
}
