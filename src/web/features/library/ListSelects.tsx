import { PAGE_SIZES } from '../../../shared/limits.ts';
import { LIST_SORTS, type ListSort } from '../../../shared/schemas/values.ts';

interface SelectProps<V> {
  value: V;
  onChange: (value: V) => void;
  /** the visible label the select sits in; without one, name it with `aria-label` */
  label?: string;
  labelClassName?: string;
  'aria-label'?: string;
  className?: string;
}

function ListSelect<V extends string | number>(
  props: SelectProps<V> & { options: readonly V[]; labelOf: (value: V) => string },
) {
  const select = (
    <select
      aria-label={props['aria-label']}
      className={props.className}
      value={props.value}
      onChange={(e) => props.onChange(props.options.find((v) => String(v) === e.target.value)!)}
    >
      {props.options.map((v) => (
        <option key={v} value={v}>
          {props.labelOf(v)}
        </option>
      ))}
    </select>
  );
  if (props.label === undefined) return select;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the select is inside, built above
    <label className={props.labelClassName}>
      {props.label}
      {select}
    </label>
  );
}

const SORT_LABELS: Record<ListSort, string> = { updated: 'Updated', created: 'Created', title: 'Title' };

/** The list sort (Updated, Created, Title) of the library, its search and the public library. */
export function SortSelect(props: SelectProps<ListSort>) {
  return <ListSelect {...props} options={LIST_SORTS} labelOf={(s) => SORT_LABELS[s]} />;
}

/** Items per page (24/48/96) of the library and the public library. */
export function PageSizeSelect(props: SelectProps<number>) {
  return <ListSelect {...props} options={PAGE_SIZES} labelOf={String} />;
}
