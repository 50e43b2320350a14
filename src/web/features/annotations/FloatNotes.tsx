import { StickyNote } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';
import styles from './Highlights.module.css';
import type { Place } from './HighlightToolbar.tsx';

/** A float note's place as fractions of the article's box. */
export function floatPosition(a: AnnotationReply): { x: number; y: number } | null {
  const part = a.selector?.find((s) => s.type === 'FloatPositionSelector');
  return part?.type === 'FloatPositionSelector' ? { x: part.x, y: part.y } : null;
}

/** Where fractions of the article's box fall in its frame. */
export function floatPlace(article: HTMLElement, x: number, y: number): Place {
  return {
    left: article.offsetLeft + x * article.offsetWidth,
    top: article.offsetTop + y * article.offsetHeight,
  };
}

/**
 * Where a float note's pin sits: in the margin beside the article (the frame keeps a gutter for it)
 * at the note's height, so it never covers words; its x stays stored for where it was placed.
 */
export function pinPlace(article: HTMLElement, y: number): Place {
  return {
    left: article.offsetLeft + article.offsetWidth,
    top: article.offsetTop + y * article.offsetHeight,
  };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/**
 * Float notes (shape 2) pinned in the article's margin at their height (a fraction of its box, so
 * they keep their place when the window is resized); and, while placing, a layer over the article that takes the
 * click which sets a new note's place (Escape cancels).
 */
export function FloatNotes(props: {
  article: HTMLElement;
  annotations: AnnotationReply[];
  placing: boolean;
  onPlace: (x: number, y: number) => void;
  onCancelPlacing: () => void;
  onOpen: (a: AnnotationReply, place: Place) => void;
}) {
  const { article, placing, onCancelPlacing } = props;
  const [, setLayout] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver(() => setLayout((n) => n + 1));
    observer.observe(article);
    return () => observer.disconnect();
  }, [article]);
  useEffect(() => {
    if (!placing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancelPlacing();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [placing, onCancelPlacing]);

  const notes = props.annotations.filter((a) => a.shape === SHAPE.floatNote);
  return (
    <>
      {notes.map((a) => {
        const at = floatPosition(a);
        if (!at) return null;
        const place = pinPlace(article, at.y);
        return (
          <button
            key={a.id}
            type="button"
            className={styles.pin}
            style={{ left: place.left, top: place.top }}
            data-ann-md5={a.ann_md5}
            aria-label={`Float note: ${a.content}`}
            title={a.content}
            onClick={() => props.onOpen(a, { left: Math.max(160, place.left - 140), top: place.top + 20 })}
          >
            <StickyNote size={16} aria-hidden="true" />
          </button>
        );
      })}
      {placing ? (
        <button
          type="button"
          className={styles.placing}
          style={{
            left: article.offsetLeft,
            top: article.offsetTop,
            width: article.offsetWidth,
            height: article.offsetHeight,
          }}
          aria-label="Place the float note here"
          onClick={(e) => {
            const box = article.getBoundingClientRect();
            props.onPlace(
              clamp01((e.clientX - box.left) / box.width),
              clamp01((e.clientY - box.top) / box.height),
            );
          }}
        />
      ) : null}
    </>
  );
}
