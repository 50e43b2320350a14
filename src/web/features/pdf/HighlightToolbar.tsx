import { Trash2 } from 'lucide-react';
import { HIGHLIGHT_COLORS, type HighlightColor } from '../../../shared/schemas/annotations.ts';
import styles from './Pdf.module.css';

/**
 * The small bar over a selection (pick a colour to highlight) or over a highlight (change its
 * colour, delete it). Placed in viewport coordinates above the rectangle it belongs to.
 */
export function HighlightToolbar(props: {
  at: { left: number; top: number };
  label: string;
  current?: HighlightColor;
  onColor: (color: HighlightColor) => void;
  onDelete?: () => void;
}) {
  return (
    <div
      className={styles.toolbar}
      role="toolbar"
      aria-label={props.label}
      style={{ left: props.at.left, top: props.at.top }}
      // keep the text selection while clicking the buttons
      onMouseDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={`${styles.swatch} ${styles[`swatch_${color}`] ?? ''}`}
          aria-label={`Highlight ${color}`}
          aria-pressed={props.current === color}
          title={color}
          onClick={() => props.onColor(color)}
        />
      ))}
      {props.onDelete ? (
        <button
          type="button"
          className={styles.toolButton}
          aria-label="Delete highlight"
          onClick={props.onDelete}
        >
          <Trash2 size={14} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
