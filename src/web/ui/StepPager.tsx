import { Button } from './Button.tsx';
import styles from './StepPager.module.css';

export interface StepPagerProps {
  /** the page shown, from 1 */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/**
 * Previous and Next for a list kept in the page's own state (Trash, Duplicates, a group's items),
 * where Pagination's page links would have no address to go to. Nothing when all fits on one page.
 */
export function StepPager({ page, pageCount, onPage }: StepPagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pageCount}
      </span>
      <Button size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
