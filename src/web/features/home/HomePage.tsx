import { BookMarked, Highlighter, ListTree } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { buttonClass } from '../../ui/Button.tsx';
import styles from './Home.module.css';

const FEATURES = [
  { icon: BookMarked, title: 'Save anything', text: 'Bookmarks, PDFs, images, notes and Kindle highlights.' },
  {
    icon: Highlighter,
    title: 'Highlight and annotate',
    text: 'Four colours and sticky notes on every page.',
  },
  { icon: ListTree, title: 'Organise in outliners', text: 'Turn highlights into outlines you can share.' },
];

/** '/': signed-in users go to their library; visitors get a short welcome. */
export function HomePage() {
  const { data: info, isPending } = useUserInfo();
  if (isSignedIn(info)) return <Navigate to={links.library(info.name)} replace />;
  if (isPending) return null;

  return (
    <div className={styles.home}>
      <title>Folio · your personal web library</title>
      <section className={styles.hero}>
        <h1 className={styles.title}>Your reading, kept and connected.</h1>
        <p className={styles.lead}>
          Folio is a calm place to save what you read on the web, highlight what matters and find it again.
        </p>
        <div className={styles.actions}>
          <Link to="/sign-up" className={buttonClass('primary')}>
            Sign up
          </Link>
          <Link to="/sign-in" className={buttonClass('secondary')}>
            Sign in
          </Link>
        </div>
      </section>
      <ul className={styles.features}>
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.feature}>
            <Icon size={20} className={styles.featureIcon} aria-hidden="true" />
            <h2 className={styles.featureTitle}>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
