import { X } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import styles from './Reader.module.css';

/** The split-screen outliner area (spec part 1 §2); the outliners themselves arrive with their own issue. */
export function OutlinerPanel({ onClose }: { onClose: () => void }) {
  return (
    <aside className={styles.outliner} aria-label="Outliner">
      <div className={styles.outlinerHead}>
        <h2 className={styles.outlinerTitle}>Outliner</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label="Close the outliner"
          icon={<X size={16} />}
        />
      </div>
      <p className={styles.outlinerBody}>
        Outliners arrive later: this side area will hold one beside the page, so you can collect quotes while
        you read.
      </p>
    </aside>
  );
}
