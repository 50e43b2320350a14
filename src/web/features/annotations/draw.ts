import { anchorSteps, prepareTextSteps } from '../../../shared/anchoring/anchor.ts';
import { runInSlices, runNow } from '../../../shared/anchoring/slices.ts';
import { indexTextSteps, unwrap, wrapOffsets } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';

/** The attribute every drawn mark carries; the layer finds its highlights by it. */
export const MARK_ATTRIBUTE = 'data-ann-id';
const MARK_SELECTOR = `mark[${MARK_ATTRIBUTE}]`;

/** Shapes drawn into the reader text: highlights made here and by the browser extension. */
const TEXT_SHAPES: number[] = [SHAPE.text, SHAPE.extension];

export function isTextHighlight(a: AnnotationReply): boolean {
  return TEXT_SHAPES.includes(a.shape) && Boolean(a.selector?.some((s) => s.type === 'TextQuoteSelector'));
}

export interface MarkLook {
  /** class names for a highlight's marks */
  className: (a: AnnotationReply) => string;
  /** extra class on the last mark of a highlight that has a sticky note */
  noteClassName: string;
  /**
   * who made a highlight, where several people's are drawn together (a group's layer): named on
   * hover on each of its marks and in its accessible name
   */
  author?: (a: AnnotationReply) => string | undefined;
}

export interface DrawResult {
  /** each drawn highlight's marks, in document order */
  marks: Map<number, HTMLElement[]>;
  /** highlights whose text could not be found again */
  orphans: AnnotationReply[];
}

/**
 * Draws the text highlights into the article: all are anchored against the text first, then
 * wrapped, so one highlight's marks never shift another's offsets. Each highlight has marks of its
 * own: where two overlap, one's marks sit inside the other's. The first mark of each is
 * focusable, so a keyboard can reach and open it. A generator: it yields after each highlight it
 * anchors and after each few it draws, so `drawHighlightsInSlices` can keep every main-thread
 * task short on a long page.
 */
function* drawSteps(
  article: HTMLElement,
  annotations: AnnotationReply[],
  look: MarkLook,
): Generator<void, DrawResult> {
  clearHighlights(article);
  const doc = article.ownerDocument;
  const index = yield* indexTextSteps(article);
  yield;
  yield* prepareTextSteps(index.text);
  yield;
  const marks = new Map<number, HTMLElement[]>();
  const orphans: AnnotationReply[] = [];
  const placed: { annotation: AnnotationReply; start: number; end: number }[] = [];
  for (const a of annotations.filter(isTextHighlight)) {
    const range = yield* anchorSteps(index.text, a.selector);
    if (range) placed.push({ annotation: a, ...range });
    else orphans.push(a);
    yield;
  }
  for (const { annotation: a, start, end } of placed) {
    const author = look.author?.(a);
    const made = wrapOffsets(
      article,
      start,
      end,
      () => {
        const mark = doc.createElement('mark');
        mark.className = look.className(a);
        mark.setAttribute(MARK_ATTRIBUTE, String(a.id));
        mark.setAttribute('data-ann-md5', a.ann_md5);
        if (author) mark.title = `Highlight by ${author}`;
        return mark;
      },
      index,
    );
    yield;
    if (made.length === 0) {
      orphans.push(a);
      continue;
    }
    const first = made[0]!;
    first.tabIndex = 0;
    first.setAttribute('role', 'button');
    const note = a.stickyNotes[0]?.content;
    const by = author ? ` by ${author}` : '';
    first.setAttribute('aria-label', `Highlight${by}: ${a.content}${note ? ` (sticky note: ${note})` : ''}`);
    if (a.stickyNotes.length > 0) made.at(-1)!.classList.add(look.noteClassName);
    marks.set(a.id, made);
  }
  return { marks, orphans };
}

/** Draws every highlight at once. */
export function drawHighlights(
  article: HTMLElement,
  annotations: AnnotationReply[],
  look: MarkLook,
): DrawResult {
  return runNow(drawSteps(article, annotations, look));
}

/**
 * Draws the highlights off the layout path, in short slices (the reader stays responsive on a
 * 1.3 M-character page); rejects with an AbortError when `signal` aborts, leaving what was drawn
 * for the caller to clear.
 */
export function drawHighlightsInSlices(
  article: HTMLElement,
  annotations: AnnotationReply[],
  look: MarkLook,
  signal: AbortSignal,
): Promise<DrawResult> {
  return runInSlices(drawSteps(article, annotations, look), signal);
}

export function clearHighlights(article: HTMLElement): void {
  unwrap(Array.from(article.querySelectorAll(MARK_SELECTOR)));
}

/** The highlight a click or key landed on, if any. */
export function highlightIdAt(target: EventTarget | null): number | null {
  const el = target as Element | null;
  const mark = typeof el?.closest === 'function' ? el.closest(MARK_SELECTOR) : null;
  const id = Number(mark?.getAttribute(MARK_ATTRIBUTE));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
