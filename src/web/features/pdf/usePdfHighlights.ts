import { type MouseEvent, useCallback, useEffect, useState } from 'react';
import type { HighlightColor } from '../../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';
import type { Place } from '../annotations/HighlightToolbar.tsx';
import { useHighlightActions } from '../annotations/useHighlightActions.ts';
import { describeSelection, MARK_ATTR } from './page-highlights.ts';

export type Pending = { at: Place; page: number; range: Range } | null;
export type Active = { at: Place; annId: number } | null;

const TOOLBAR_OFFSET = 44;

function placeAbove(rect: DOMRect): Place {
  return { left: rect.left + rect.width / 2, top: Math.max(8, rect.top - TOOLBAR_OFFSET) };
}

/** Selecting text in a page offers the colours; clicking a highlight offers recolour and delete. */
export function usePdfHighlights(item: ItemReply, pages: HTMLElement | null) {
  const [pending, setPending] = useState<Pending>(null);
  const [active, setActive] = useState<Active>(null);
  const [overQuota, setOverQuota] = useState(false);
  /** the active highlight's sticky note is being written */
  const [editingNote, setEditingNote] = useState(false);
  // another highlight, or none: whatever note was being written belongs to the previous one
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active highlight changes
  useEffect(() => setEditingNote(false), [active]);
  // the same calls, quota check and notifications as the reader's highlighter
  const actions = useHighlightActions(item.link_id, () => setOverQuota(true));
  const activeAnnotation = () => item.annotations.find((a) => a.id === active?.annId);

  const onMouseUp = useCallback(() => {
    // after the click has settled the selection
    setTimeout(() => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !pages) {
        setPending(null);
        return;
      }
      const range = selection.getRangeAt(0);
      const startPage = (range.startContainer.parentElement ?? null)?.closest<HTMLElement>('[data-page]');
      const endPage = (range.endContainer.parentElement ?? null)?.closest<HTMLElement>('[data-page]');
      if (!startPage || startPage !== endPage || !pages.contains(startPage)) {
        setPending(null);
        return;
      }
      setActive(null);
      setPending({
        at: placeAbove(range.getBoundingClientRect()),
        page: Number(startPage.dataset.page),
        range: range.cloneRange(),
      });
    }, 0);
  }, [pages]);

  const onClick = useCallback((event: MouseEvent) => {
    const mark = (event.target as HTMLElement).closest<HTMLElement>(`mark[${MARK_ATTR}]`);
    const selection = window.getSelection();
    if (!mark || (selection && !selection.isCollapsed)) {
      setActive(null);
      return;
    }
    setPending(null);
    setActive({
      at: placeAbove(mark.getBoundingClientRect()),
      annId: Number(mark.getAttribute(MARK_ATTR)),
    });
  }, []);

  // scrolling moves the text away from a fixed toolbar: close it
  useEffect(() => {
    if ((!pending && !active) || editingNote) return;
    const close = () => {
      setActive(null);
      setPending(null);
    };
    window.addEventListener('scroll', close, { passive: true, once: true });
    return () => window.removeEventListener('scroll', close);
  }, [pending, active, editingNote]);

  const highlight = (color: HighlightColor) => {
    if (!pending) return;
    const layer = pages?.querySelector<HTMLElement>(`[data-page="${pending.page}"] [data-text-layer]`);
    const described = layer ? describeSelection(layer, pending.page, pending.range) : null;
    setPending(null);
    window.getSelection()?.removeAllRanges();
    if (!described) return;
    void actions.addAnnotation({ shape: SHAPE.pdfHighlight, color, ...described });
  };

  const changeColor = (color: HighlightColor) => {
    const annotation = activeAnnotation();
    setActive(null);
    if (annotation) void actions.recolor(annotation, color);
  };

  const deleteActive = () => {
    const annotation = activeAnnotation();
    setActive(null);
    if (annotation) void actions.removeAnnotation(annotation);
  };

  const saveNote = async (content: string) => {
    const annotation = activeAnnotation();
    if (annotation && (await actions.saveNote(annotation, content))) setActive(null);
  };

  const deleteNote = () => {
    const annotation = activeAnnotation();
    setActive(null);
    if (annotation) void actions.removeStickyNote(annotation);
  };

  return {
    pending,
    active,
    activeAnnotation: activeAnnotation(),
    editingNote,
    startNote: () => setEditingNote(true),
    cancelNote: () => setEditingNote(false),
    saveNote,
    deleteNote,
    busy: actions.busy,
    overQuota,
    closeOverQuota: () => setOverQuota(false),
    onMouseUp,
    onClick,
    highlight,
    changeColor,
    deleteActive,
  };
}
