import type { ReactElement } from 'react';
import { PAGE_SIZES } from '../../../shared/limits.ts';
import type { ListSort } from '../../../shared/schemas/items.ts';

interface SelectProps<V> {
  value: V;
  onChange: (value: V) => void;
  /** the visible label the select sits in; without one, name it with `aria-label` */
  label?: string;
  labelClassName?: string;
  'aria-label'?: string;
  className?: string;
}

function labelled(props: SelectProps<unknown>, select: ReactElement) {
  if (props.label === undefined) return select;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the select is the child passed in
    <label className={props.labelClassName}>
      {props.label}
      {select}
    </label>
  );
}

/** The list sort (Updated, Created, Title) of the library, its search and the public library. */
export function SortSelect(props: SelectProps<ListSort>) {
  return labelled(
    props as SelectProps<unknown>,
    <select
      aria-label={props['aria-label']}
      className={props.className}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as ListSort)}
    >
      <option value="updated">Updated</option>
      <option value="created">Created</option>
      <option value="title">Title</option>
    </select>,
  );
}

/** Items per page (24/48/96) of the library and the public library. */
export function PageSizeSelect(props: SelectProps<number>) {
  return labelled(
    props as SelectProps<unknown>,
    <select
      aria-label={props['aria-label']}
      className={props.className}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {PAGE_SIZES.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>,
  );
}
