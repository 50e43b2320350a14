import { useId } from 'react';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import styles from './Highlights.module.css';

/**
 * Highlights whose text is no longer in the reader copy (the page changed too much to find them):
 * listed with their quote and sticky note rather than silently dropped; the owner may delete them.
 */
export function OrphanedHighlights(props: {
  orphans: AnnotationReply[];
  canEdit: boolean;
  busy: boolean;
  onDelete: (a: AnnotationReply) => void;
}) {
  const headingId = useId();
  if (props.orphans.length === 0) return null;
  return (
    <section className={styles.orphans} aria-labelledby={headingId}>
      <h2 id={headingId}>Orphaned highlights</h2>
      <p className={styles.muted}>
        The text of these highlights could not be found in this copy of the page.
      </p>
      <ul>
        {props.orphans.map((a) => (
          <li key={a.id} className={styles.orphan}>
            <span className={`${styles.swatch} ${styles[a.extra.color] ?? ''}`} aria-hidden="true" />
            <div>
              <blockquote>{a.content}</blockquote>
              {a.stickyNotes.map((n) => (
                <p key={n.id} className={styles.noteText}>
                  {n.content}
                </p>
              ))}
            </div>
            {props.canEdit ? (
              <button
                type="button"
                className={styles.textButton}
                disabled={props.busy}
                aria-label={`Delete highlight: ${a.content}`}
                onClick={() => props.onDelete(a)}
              >
                Delete
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
