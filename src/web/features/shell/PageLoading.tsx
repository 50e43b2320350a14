import { useLocation } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './PageLoading.module.css';

/** An item's page (the reader): at least a screen tall. */
const TALL_PAGE = /^\/user\/[^/]+\/[bd]\/[^/]+\/?$/;

/**
 * Stands in for a page while its code loads (routes.tsx). It shows only after a moment, so a page
 * that arrives at once does not flash a spinner; navigations keep the previous page meanwhile.
 * For a page at least a screen tall the space is kept from the start, so the footer waits below the
 * fold instead of jumping down when the page arrives (a layout shift).
 */
export function PageLoading() {
  const fill = TALL_PAGE.test(useLocation().pathname);
  return (
    <div
      className={fill ? `${styles.loading} ${styles.fill}` : styles.loading}
      role="status"
      aria-label="Loading the page"
    >
      <Spinner size={20} />
    </div>
  );
}
