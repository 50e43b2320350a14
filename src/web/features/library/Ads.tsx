import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styles from './Library.module.css';

/** The Remove link shows after 1 s (spec part 1 §2), leading to the premium upsell. */
const REMOVE_DELAY_MS = 1000;

/**
 * Free plans carry a 728x90 header banner and a slot at list position 3. Folio has no ad network:
 * both are house ads for Premium, so free users see what removes them.
 */
export function HeaderAd() {
  const [removable, setRemovable] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRemovable(true), REMOVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <aside className={styles.headerAd} aria-label="Advertisement">
      <span className={styles.adMark} aria-hidden="true">
        <Sparkles size={18} />
      </span>
      <div className={styles.adText}>
        <strong>Folio Premium</strong>
        <p>Full-text search of every page you save, no ads, larger quotas.</p>
      </div>
      <Link to="/premium?f=ads" className={styles.adAction}>
        See Premium
      </Link>
      {removable ? (
        <Link to="/premium?f=ads" className={styles.smallLink}>
          Remove
        </Link>
      ) : null}
    </aside>
  );
}

export function ListAd() {
  return (
    <aside className={styles.listAd} aria-label="Advertisement">
      <span className={styles.adMark} aria-hidden="true">
        <Sparkles size={16} />
      </span>
      <p className={styles.adText}>
        Search inside the pages you saved with <Link to="/premium?f=ads">Folio Premium</Link>.
      </p>
      <Link to="/premium?f=ads" className={styles.smallLink}>
        Remove Ads
      </Link>
    </aside>
  );
}

/** Position of the ad slot in the list (spec part 1 §9). */
export const AD_POSITION = 3;
