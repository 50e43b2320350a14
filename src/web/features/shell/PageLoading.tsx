import { Spinner } from '../../ui/Spinner.tsx';
import styles from './PageLoading.module.css';

/**
 * Stands in for a page while its code loads (routes.tsx). It shows only after a moment, so a page
 * that arrives at once does not flash a spinner; navigations keep the previous page meanwhile.
 */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading the page">
      <Spinner size={20} />
    </div>
  );
}
