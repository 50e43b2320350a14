import { Link } from 'react-router';
import { t } from '../../i18n/index.ts';
import { useFeedback } from '../feedback/FeedbackProvider.tsx';
import styles from './Shell.module.css';
import { SITE_LINKS } from './site-links.ts';

const LINKS = [
  { key: 'footer.about', href: SITE_LINKS.about },
  { key: 'footer.terms', href: SITE_LINKS.terms },
  { key: 'footer.privacy', href: SITE_LINKS.privacy },
  { key: 'footer.blog', href: SITE_LINKS.blog },
  { key: 'footer.twitter', href: SITE_LINKS.twitter },
] as const;

/** Footer links of spec part 1 §1 (About, Terms, Privacy and Blog are the operator's pages, /about ...); Contact Us opens the feedback form rather than leaving the page. */
export function Footer() {
  const { openFeedback } = useFeedback();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.label')} className={styles.footerNav}>
        {LINKS.map((link) =>
          // the site's own pages open in the app; the rest (Twitter) leave it in a new tab
          link.href.startsWith('/') ? (
            <Link key={link.key} to={link.href}>
              {t(link.key)}
            </Link>
          ) : (
            <a key={link.key} href={link.href} target="_blank" rel="noopener noreferrer">
              {t(link.key)}
            </a>
          ),
        )}
        <button type="button" className={styles.linkButton} onClick={openFeedback}>
          {t('footer.contact')}
        </button>
      </nav>
      <p className={styles.copyright}>© {new Date().getFullYear()} Folio</p>
    </footer>
  );
}
