import { Link } from 'react-router';
import { buttonClass } from '../../ui/Button.tsx';
import styles from './NotFound.module.css';

export function NotFoundPage() {
  return (
    <div className={styles.page}>
      <title>Page not found · Folio</title>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you asked for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Go home
      </Link>
    </div>
  );
}
