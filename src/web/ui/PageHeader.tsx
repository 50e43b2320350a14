import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/** A page's heading row; `documentTitle` becomes the browser tab title (React 19 hoists <title>). */
export function PageHeader({
  title,
  documentTitle,
  description,
  actions,
}: {
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <title>{documentTitle ?? `${title} · Folio`}</title>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
