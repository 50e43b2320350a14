import { useEffect } from 'react';
import { ANNOTATION_DRAG_TYPE } from './side-area.ts';

/** Highlights in the reader (marks and PDF highlight boxes carry data-ann-id). */
const HIGHLIGHT = '[data-ann-id]';

/**
 * While the side area is open, highlights in the reader can be dragged: a drag that starts on one
 * carries its id and its whole quote, so the outliner entry links back to it. Selected text drags
 * as the browser drags it (text/plain). The attributes it adds are removed when the area closes.
 */
export function useHighlightDragSource() {
  useEffect(() => {
    const made = new Set<Element>();
    const makeDraggable = () => {
      for (const el of document.querySelectorAll(HIGHLIGHT)) {
        if (el.closest('[role="tree"]') || el.hasAttribute('draggable')) continue;
        el.setAttribute('draggable', 'true');
        made.add(el);
      }
    };
    makeDraggable();
    const observer = new MutationObserver(makeDraggable);
    observer.observe(document.body, { childList: true, subtree: true });

    const onDragStart = (event: DragEvent) => {
      const node = event.target as Node | null;
      const start = node instanceof Element ? node : node?.parentElement;
      const highlight = start?.closest(HIGHLIGHT);
      const id = Number(highlight?.getAttribute('data-ann-id'));
      if (!highlight || !Number.isSafeInteger(id) || !event.dataTransfer) return;
      const parts = document.querySelectorAll(`[data-ann-id="${id}"]`);
      const text = [...parts]
        .map((p) => p.textContent ?? '')
        .join('')
        .trim();
      if (!text) return;
      event.dataTransfer.setData(ANNOTATION_DRAG_TYPE, JSON.stringify({ ann_id: id, text }));
      event.dataTransfer.setData('text/plain', text);
      event.dataTransfer.effectAllowed = 'copy';
    };
    document.addEventListener('dragstart', onDragStart);
    return () => {
      observer.disconnect();
      document.removeEventListener('dragstart', onDragStart);
      for (const el of made) el.removeAttribute('draggable');
    };
  }, []);
}
