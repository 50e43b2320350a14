import { StickyNote } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';
import { inReadingOrder } from './notes-order.ts';
import styles from './Reader.module.css';

const FLASH_MS = 2000;

/** The elements that show an annotation in the article's frame: its marks, or a float note's pin. */
function shownBy(frame: HTMLElement, a: AnnotationReply): HTMLElement[] {
  const marks = frame.querySelectorAll<HTMLElement>(`mark[data-ann-id="${a.id}"]`);
  if (marks.length) return Array.from(marks);
  return Array.from(frame.querySelectorAll<HTMLElement>(`[data-ann-md5="${CSS.escape(a.ann_md5)}"]`));
}

function placeIn(frame: HTMLElement, a: AnnotationReply): number | null {
  const first = shownBy(frame, a)[0];
  return first ? first.getBoundingClientRect().top + window.scrollY : null;
}

/**
 * The side panel's list of the document's highlights and notes, in reading order; choosing one
 * scrolls the article to it and flashes it.
 */
export function NotesPanel({
  article,
  annotations,
}: {
  article: HTMLElement | null;
  annotations: AnnotationReply[];
}) {
  const frame = article?.parentElement ?? null;
  // marks are drawn after the article mounts: read their places once they are there
  const [, setDrawn] = useState(0);
  useEffect(() => {
    if (!frame) return;
    const observer = new MutationObserver(() => setDrawn((n) => n + 1));
    observer.observe(frame, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [frame]);
  const entries = frame ? inReadingOrder(annotations, (a) => placeIn(frame, a)) : [];

  const show = (a: AnnotationReply) => {
    if (!frame) return;
    const targets = shownBy(frame, a);
    targets[0]?.scrollIntoView({ block: 'center' });
    for (const el of targets) el.dataset.flash = '';
    setTimeout(() => {
      for (const el of targets) delete el.dataset.flash;
    }, FLASH_MS);
  };

  if (entries.length === 0) {
    return (
      <p className={styles.panelEmpty}>
        No highlights or notes yet. Select text in the page to highlight it.
      </p>
    );
  }
  return (
    <ol className={styles.notesList} aria-label="Highlights and notes">
      {entries.map(({ annotation: a, found }) => (
        <li key={a.id} className={styles.noteEntry} data-color={a.extra.color}>
          <button type="button" className={styles.noteButton} disabled={!found} onClick={() => show(a)}>
            {a.shape === SHAPE.floatNote ? (
              <span className={styles.noteKind}>
                <StickyNote size={12} aria-hidden="true" /> Float note
              </span>
            ) : null}
            <span className={a.shape === SHAPE.floatNote ? styles.noteText : styles.quote}>{a.content}</span>
            {found ? null : <span className={styles.noteKind}>Not found in the page</span>}
          </button>
          {a.stickyNotes.map((n) => (
            <p key={n.id} className={styles.sticky}>
              {n.content}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
