import { StickyNote } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describe } from '../../../shared/anchoring/anchor.ts';
import { indexText, rangeOffsets } from '../../../shared/anchoring/text-position.ts';
import type { AnnotationReply, HighlightColor } from '../../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';
import {
  clearHighlights,
  drawHighlightsInSlices,
  highlightIdAt,
  isTextHighlight,
  type MarkLook,
} from './draw.ts';
import { FloatNotes, floatPlace } from './FloatNotes.tsx';
import styles from './Highlights.module.css';
import { ColorButtons, Floating, HighlightMenu, type Place, TextButton } from './HighlightToolbar.tsx';
import { OrphanedHighlights } from './OrphanedHighlights.tsx';
import { OverQuotaModal } from './OverQuotaModal.tsx';
import { StickyNoteEditor } from './StickyNote.tsx';
import { type HighlightActions, useHighlightActions } from './useHighlightActions.ts';

type Popup =
  | { kind: 'selection'; start: number; end: number; quote: string; place: Place }
  | { kind: 'highlight'; annId: number; place: Place }
  | { kind: 'note'; annId: number; place: Place }
  | { kind: 'new-float'; x: number; y: number; place: Place }
  | { kind: 'float'; annId: number; place: Place };

const FLASH_MS = 2000;

const ownLook: MarkLook = {
  className: (a: AnnotationReply) => `${styles.mark} ${styles[a.extra.color] ?? ''}`,
  noteClassName: styles.hasNote ?? '',
};
const AUTHOR_LINES = 6;

/**
 * Marks where several people highlight (a group's layer): each names its author, and carries a
 * line in a colour of the author's, so two people's highlights in one colour still read as two.
 */
function authoredLook(authorOf: (a: AnnotationReply) => string | undefined): MarkLook {
  return {
    ...ownLook,
    className: (a) =>
      `${ownLook.className(a)} ${styles.authored} ${styles[`author${lineOf(authorOf(a) ?? '')}`]}`,
    author: authorOf,
  };
}

/** The same author gets the same line on every page. */
function lineOf(author: string): number {
  let hash = 0;
  for (const ch of author) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % AUTHOR_LINES;
}

/** Where a box opened under `rect` (viewport coordinates) sits in the article's frame. */
function placeBelow(article: HTMLElement, rect: DOMRect): Place {
  const frame = (article.offsetParent as HTMLElement | null) ?? article;
  const box = frame.getBoundingClientRect();
  return { left: rect.left - box.left + rect.width / 2, top: rect.bottom - box.top + 6 };
}

/**
 * The highlighter of the reader view (spec part 1 §3-4): draws the item's highlights into the
 * article by re-anchoring their selectors, lists those it cannot find, and lets the owner
 * highlight a selection, change colours, write sticky notes and pin float notes. Visitors see the
 * highlights and notes read-only. `?ann_md5=` scrolls to one highlight and flashes it.
 */
export function HighlightLayer({
  article,
  item,
  placing,
  onPlacingChange,
  editor,
}: {
  article: HTMLElement;
  item: ItemReply;
  /** placing a new float note: the reader's bar turns it on (its 'Add float note' action) */
  placing: boolean;
  onPlacingChange: (placing: boolean) => void;
  /**
   * Another layer's editing (groups: members highlight a shared item in the group's layer): its
   * actions, which annotations the viewer may change, and who made each. Without it, the item's
   * owner edits.
   */
  editor?: {
    actions: HighlightActions;
    canChange: (annotation: AnnotationReply) => boolean;
    authorOf?: (annotation: AnnotationReply) => string | undefined;
  };
}) {
  const [overQuota, setOverQuota] = useState(false);
  const ownActions = useHighlightActions(item.link_id, () => setOverQuota(true));
  const actions = editor?.actions ?? ownActions;
  /** the viewer may highlight a selection */
  const canEdit = editor !== undefined || item.canEdit;
  const canChangeRef = useRef(editor?.canChange);
  canChangeRef.current = editor?.canChange;
  const canChange = useCallback(
    (a: AnnotationReply) => (canChangeRef.current ? canChangeRef.current(a) : item.canEdit),
    [item.canEdit],
  );
  const [popup, setPopup] = useState<Popup | null>(null);
  const [orphans, setOrphans] = useState<AnnotationReply[]>([]);
  /** counts finished drawings, so what waits for marks (?ann_md5=) looks again */
  const [drawn, setDrawn] = useState(0);
  const popupRef = useRef<HTMLDivElement>(null);
  /** the mark a keyboard user opened the popup from, to return focus to */
  const opener = useRef<HTMLElement | null>(null);

  const byId = useMemo(() => new Map(item.annotations.map((a) => [a.id, a])), [item.annotations]);
  const highlights = useMemo(() => item.annotations.filter(isTextHighlight), [item.annotations]);
  const authorOf = editor?.authorOf;
  const look = authorOf ? authoredLook(authorOf) : ownLook;
  // redraw only when something drawn changed, so a refetch does not disturb a selection
  const signature = JSON.stringify(
    highlights.map((a) => [
      a.id,
      a.extra.color,
      a.selector,
      a.content,
      a.stickyNotes.map((n) => n.content),
      authorOf?.(a),
    ]),
  );
  // anchoring a long page takes a while: it runs in short slices after paint, never in layout
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the highlights
  useEffect(() => {
    const stop = new AbortController();
    drawHighlightsInSlices(article, highlights, look, stop.signal).then(
      (drawn) => {
        setOrphans(drawn.orphans);
        setDrawn((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      stop.abort();
      clearHighlights(article);
    };
  }, [article, signature]);

  const close = useCallback(() => {
    setPopup(null);
    opener.current?.focus();
    opener.current = null;
  }, []);

  const openHighlight = useCallback(
    (annId: number, mark: HTMLElement, viaKeyboard: boolean) => {
      const annotation = byId.get(annId);
      if (!annotation || (!canChange(annotation) && annotation.stickyNotes.length === 0)) return;
      opener.current = viaKeyboard ? mark : null;
      const marks = article.querySelectorAll<HTMLElement>(`mark[data-ann-id="${annId}"]`);
      const last = marks[marks.length - 1] ?? mark;
      setPopup({ kind: 'highlight', annId, place: placeBelow(article, last.getBoundingClientRect()) });
    },
    [article, byId, canChange],
  );

  // selecting text offers the toolbar; a click or Enter on a highlight opens its menu
  useEffect(() => {
    const afterSelect = (event: Event) => {
      const selection = article.ownerDocument.getSelection();
      if (canEdit && selection && !selection.isCollapsed && selection.rangeCount > 0) {
        const range = selection.getRangeAt(0);
        const offsets = rangeOffsets(article, range);
        const quote = selection.toString().trim();
        if (offsets && quote) {
          opener.current = null;
          setPopup({
            kind: 'selection',
            ...offsets,
            quote,
            place: placeBelow(article, range.getBoundingClientRect()),
          });
          return;
        }
      }
      const annId = event.type === 'pointerup' ? highlightIdAt(event.target) : null;
      if (annId) openHighlight(annId, event.target as HTMLElement, false);
    };
    const onPointerUp = (e: Event) => setTimeout(() => afterSelect(e), 0);
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.shiftKey) afterSelect(e);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const annId = highlightIdAt(e.target);
      if (annId && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        openHighlight(annId, e.target as HTMLElement, true);
      }
    };
    article.addEventListener('pointerup', onPointerUp);
    article.addEventListener('keyup', onKeyUp);
    article.addEventListener('keydown', onKeyDown);
    return () => {
      article.removeEventListener('pointerup', onPointerUp);
      article.removeEventListener('keyup', onKeyUp);
      article.removeEventListener('keydown', onKeyDown);
    };
  }, [article, canEdit, openHighlight]);

  // Escape or a press elsewhere closes the popup
  useEffect(() => {
    if (!popup) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    const onPress = (e: PointerEvent) => {
      if (!popupRef.current?.contains(e.target as Node)) setPopup(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [popup, close]);

  // keyboard users land on the popup's first control
  useEffect(() => {
    if (popup && opener.current) popupRef.current?.querySelector<HTMLElement>('button, textarea')?.focus();
  }, [popup]);

  useFlashFromAddress(article, drawn);

  const selectionDone = () => article.ownerDocument.getSelection()?.removeAllRanges();

  async function highlightSelection(color: HighlightColor, thenNote: boolean) {
    if (popup?.kind !== 'selection') return;
    const { start, end, quote, place } = popup;
    const text = indexText(article).text;
    const saved = await actions.addAnnotation({
      shape: SHAPE.text,
      content: quote,
      color,
      selector: describe(text, start, end),
    });
    selectionDone();
    setPopup(saved && thenNote ? { kind: 'note', annId: saved.id, place } : null);
  }

  async function addFloatNote(content: string) {
    if (popup?.kind !== 'new-float') return;
    const saved = await actions.addAnnotation({
      shape: SHAPE.floatNote,
      content,
      color: 'yellow',
      selector: [{ type: 'FloatPositionSelector', x: popup.x, y: popup.y }],
    });
    if (saved) setPopup(null);
  }

  const current = popup && 'annId' in popup ? byId.get(popup.annId) : undefined;

  return (
    <>
      <FloatNotes
        article={article}
        annotations={item.annotations}
        placing={placing}
        onPlace={(x, y) => {
          onPlacingChange(false);
          setPopup({ kind: 'new-float', x, y, place: floatPlace(article, x, y) });
        }}
        onCancelPlacing={() => onPlacingChange(false)}
        onOpen={(a, place) => setPopup({ kind: 'float', annId: a.id, place })}
      />
      {popup ? (
        <Floating place={popup.place} label={popupLabel(popup)} ref={popupRef}>
          {popup.kind === 'selection' ? (
            <div className={styles.row}>
              <ColorButtons onPick={(c) => void highlightSelection(c, false)} disabled={actions.busy} />
              <TextButton
                onClick={() => void highlightSelection('yellow', true)}
                disabled={actions.busy}
                icon={<StickyNote size={14} aria-hidden="true" />}
              >
                Add sticky note
              </TextButton>
            </div>
          ) : null}
          {popup.kind === 'highlight' && current ? (
            <HighlightMenu
              annotation={current}
              canEdit={canChange(current)}
              busy={actions.busy}
              onColor={(c) => void actions.recolor(current, c).then(() => setPopup(null))}
              onEditNote={() => setPopup({ kind: 'note', annId: current.id, place: popup.place })}
              onDeleteNote={() => void actions.removeStickyNote(current).then(() => setPopup(null))}
              onDelete={() => void actions.removeAnnotation(current).then(() => setPopup(null))}
            />
          ) : null}
          {popup.kind === 'note' && current ? (
            <StickyNoteEditor
              layout="popover"
              label="Sticky note"
              initial={current.stickyNotes[0]?.content ?? ''}
              busy={actions.busy}
              onSave={(content) => void actions.saveNote(current, content).then((ok) => ok && close())}
              onCancel={close}
            />
          ) : null}
          {popup.kind === 'new-float' ? (
            <StickyNoteEditor
              layout="popover"
              label="Float note"
              initial=""
              busy={actions.busy}
              onSave={(content) => void addFloatNote(content)}
              onCancel={close}
            />
          ) : null}
          {popup.kind === 'float' && current ? (
            <>
              <p className={styles.noteText}>{current.content}</p>
              {canChange(current) ? (
                <TextButton onClick={() => void actions.removeAnnotation(current).then(() => setPopup(null))}>
                  Delete float note
                </TextButton>
              ) : null}
            </>
          ) : null}
        </Floating>
      ) : null}
      <OrphanedHighlights
        orphans={orphans}
        canEdit={item.canEdit}
        busy={actions.busy}
        onDelete={(a) => void actions.removeAnnotation(a)}
      />
      <OverQuotaModal kind={overQuota ? 'highlight' : null} onClose={() => setOverQuota(false)} />
    </>
  );
}

function popupLabel(popup: Popup): string {
  switch (popup.kind) {
    case 'selection':
      return 'Highlight selection';
    case 'highlight':
      return 'Highlight';
    case 'note':
      return 'Sticky note';
    case 'new-float':
    case 'float':
      return 'Float note';
  }
}

/** `?ann_md5=` brings that highlight (or float note) into view once and flashes it. */
function useFlashFromAddress(article: HTMLElement, drawn: number) {
  const [search] = useSearchParams();
  const md5 = search.get('ann_md5');
  const done = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the highlights are drawn
  useEffect(() => {
    if (!md5 || done.current === md5) return;
    const target = article.parentElement?.querySelector<HTMLElement>(`[data-ann-md5="${CSS.escape(md5)}"]`);
    if (!target) return;
    done.current = md5;
    target.scrollIntoView({ block: 'center' });
    const flashing = Array.from(
      article.parentElement?.querySelectorAll<HTMLElement>(`[data-ann-md5="${CSS.escape(md5)}"]`) ?? [],
    );
    const flash = styles.flash ?? 'flash';
    for (const el of flashing) el.classList.add(flash);
    const stop = () => {
      for (const el of flashing) el.classList.remove(flash);
    };
    timer.current = setTimeout(stop, FLASH_MS);
  }, [article, md5, drawn]);
  useEffect(() => () => clearTimeout(timer.current), []);
}
