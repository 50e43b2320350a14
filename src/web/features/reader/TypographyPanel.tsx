import { Minus, Plus } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import styles from './Reader.module.css';
import {
  clampSize,
  type LineWidth,
  type ReaderFont,
  TYPE_SIZE_MAX,
  TYPE_SIZE_MIN,
  TYPE_SIZE_STEP,
  type Typography,
} from './typography.ts';

const FONTS: { value: ReaderFont; label: string }[] = [
  { value: 'serif', label: 'Serif' },
  { value: 'sans', label: 'Sans' },
];
const WIDTHS: { value: LineWidth; label: string }[] = [
  { value: 'narrow', label: 'Narrow' },
  { value: 'medium', label: 'Medium' },
  { value: 'wide', label: 'Wide' },
];

function Choice<T extends string>(props: {
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend>{props.legend}</legend>
      <div className={styles.segmented}>
        {props.options.map((o) => (
          <Button
            key={o.value}
            size="sm"
            variant={o.value === props.value ? 'primary' : 'secondary'}
            aria-pressed={o.value === props.value}
            onClick={() => props.onChange(o.value)}
          >
            {o.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** Font, size and line width of the reader text; each change shows at once and is kept. */
export function TypographyPanel({
  value,
  onChange,
}: {
  value: Typography;
  onChange: (v: Typography) => void;
}) {
  const step = (by: number) => onChange({ ...value, size: clampSize(value.size + by) });
  return (
    <div className={styles.panelBody}>
      <Choice
        legend="Font"
        options={FONTS}
        value={value.font}
        onChange={(font) => onChange({ ...value, font })}
      />
      <fieldset className={styles.choice}>
        <legend>Size</legend>
        <div className={styles.segmented}>
          <Button
            size="sm"
            icon={<Minus size={14} />}
            aria-label="Smaller text"
            disabled={value.size <= TYPE_SIZE_MIN}
            onClick={() => step(-TYPE_SIZE_STEP)}
          />
          <output className={styles.sizeValue} aria-label="Text size">
            {value.size} px
          </output>
          <Button
            size="sm"
            icon={<Plus size={14} />}
            aria-label="Larger text"
            disabled={value.size >= TYPE_SIZE_MAX}
            onClick={() => step(TYPE_SIZE_STEP)}
          />
        </div>
      </fieldset>
      <Choice
        legend="Line width"
        options={WIDTHS}
        value={value.width}
        onChange={(width) => onChange({ ...value, width })}
      />
    </div>
  );
}
