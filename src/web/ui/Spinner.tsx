import styles from './Spinner.module.css';

/** Decorative spinner; the surrounding text or aria-busy tells assistive technology what is happening. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
