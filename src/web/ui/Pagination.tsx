import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Pagination.module.css';
import { pageEntries } from './pagination.ts';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** the URL of a page: lists keep their state in the URL, so pages are links */
  hrefFor: (page: number) => string;
  label?: string;
}

export function Pagination({ page, pageCount, hrefFor, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const entries = pageEntries(page, pageCount);
  return (
    <nav className={styles.nav} aria-label={label}>
      <StepLink page={page - 1} pageCount={pageCount} hrefFor={hrefFor} label="Previous page">
        <ChevronLeft size={16} aria-hidden="true" />
      </StepLink>
      <ul className={styles.list}>
        {entries.map((entry) =>
          entry.kind === 'gap' ? (
            <li key={entry.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry.page}>
              <Link
                className={styles.page}
                to={hrefFor(entry.page)}
                aria-current={entry.page === page ? 'page' : undefined}
                aria-label={`Page ${entry.page}`}
              >
                {entry.page}
              </Link>
            </li>
          ),
        )}
      </ul>
      <StepLink page={page + 1} pageCount={pageCount} hrefFor={hrefFor} label="Next page">
        <ChevronRight size={16} aria-hidden="true" />
      </StepLink>
    </nav>
  );
}

function StepLink({
  page,
  pageCount,
  hrefFor,
  label,
  children,
}: Omit<PaginationProps, 'label'> & { label: string; children: ReactNode }) {
  if (page < 1 || page > pageCount) {
    return (
      <span className={`${styles.page} ${styles.disabled}`} aria-hidden="true">
        {children}
      </span>
    );
  }
  return (
    <Link className={styles.page} to={hrefFor(page)} aria-label={label}>
      {children}
    </Link>
  );
}
