import { Spinner } from '../../ui/Spinner.tsx';
import styles from './Shell.module.css';

export function LoadingOverlay() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading your library">
      <Spinner size={24} />
    </div>
  );
}
