import { HIGHLIGHT_COLORS, type HighlightColor } from '../../../shared/schemas/annotations.ts';
import styles from './Pdf.module.css';

/** The small bar over a selection: pick a colour to highlight it. Placed in viewport coordinates. */
export function HighlightToolbar(props: {
  at: { left: number; top: number };
  label: string;
  onColor: (color: HighlightColor) => void;
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
          title={color}
          onClick={() => props.onColor(color)}
        />
      ))}
    </div>
  );
}
