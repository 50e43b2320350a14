import type { HTMLAttributes, ReactNode } from 'react';
import styles from './StateBox.module.css';

export interface StateBoxProps extends HTMLAttributes<HTMLElement> {
  /** a paragraph for a box that holds one line of text */
  as?: 'div' | 'p';
  /** drawn faint above the content */
  icon?: ReactNode;
  /** a failure: the border and text take the danger colour */
  tone?: 'error';
}

/** The dashed box that stands in for content while it is empty, loading, failed or not built yet. */
export function StateBox({ as: Tag = 'div', icon, tone, className, children, ...rest }: StateBoxProps) {
  const classes = [styles.box, tone === 'error' ? styles.error : '', className ?? ''].filter(Boolean);
  return (
    <Tag className={classes.join(' ')} {...rest}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      {children}
    </Tag>
  );
}
