import { type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import styles from './TextField.module.css';

interface CommonProps {
  label: string;
  /** the field's warning; marks the control invalid and is read with it */
  warning?: string | undefined;
  hint?: string;
  hideLabel?: boolean;
}

type InputProps = CommonProps &
  InputHTMLAttributes<HTMLInputElement> & { multiline?: false; ref?: Ref<HTMLInputElement> };
type AreaProps = CommonProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true; ref?: Ref<HTMLTextAreaElement> };

export type TextFieldProps = InputProps | AreaProps;

export function TextField(props: TextFieldProps) {
  const { label, warning, hint, hideLabel, className, id: givenId, ...rest } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const warningId = `${id}-warning`;
  const hintId = `${id}-hint`;
  // The warning replaces the hint while shown.
  const describedBy = warning ? warningId : hint ? hintId : undefined;
  const a11y = { id, 'aria-invalid': warning ? true : undefined, 'aria-describedby': describedBy };
  const controlClass = [styles.control, warning ? styles.invalid : ''].filter(Boolean).join(' ');

  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {rest.multiline ? (
        <textarea {...stripMultiline(rest)} {...a11y} className={`${controlClass} ${styles.area}`} />
      ) : (
        <input {...stripMultiline(rest)} {...a11y} className={controlClass} />
      )}
      {hint && !warning ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {warning ? (
        <p id={warningId} className={styles.warning}>
          {warning}
        </p>
      ) : null}
    </div>
  );
}

function stripMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, 'multiline'> {
  const { multiline: _, ...rest } = props;
  return rest;
}
