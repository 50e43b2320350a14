import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BACK_TO_TOP_ANIMATION_MS, BACK_TO_TOP_PX } from '../../../shared/limits.ts';
import { animateScrollTo } from '../../lib/scroll.ts';
import styles from './Library.module.css';

/** Back to top after 600 px of scrolling, in 500 ms; instant when the user prefers reduced motion. */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TO_TOP_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className={styles.backToTop}
      aria-label="Back to top"
      title="Back to top"
      onClick={() => {
        animateScrollTo(0, BACK_TO_TOP_ANIMATION_MS);
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUp size={18} aria-hidden="true" />
    </button>
  );
}
