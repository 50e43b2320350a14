import { Link } from 'react-router';
import { useFeedback } from '../feedback/FeedbackProvider.tsx';
import styles from './Shell.module.css';
import { SITE_LINKS } from './site-links.ts';

const LINKS = [
  { label: 'About', href: SITE_LINKS.about },
  { label: 'Terms of Service', href: SITE_LINKS.terms },
  { label: 'Privacy Policy', href: SITE_LINKS.privacy },
  { label: 'Blog', href: SITE_LINKS.blog },
  { label: 'Twitter', href: SITE_LINKS.twitter },
];

/** Footer links of spec part 1 §1 (About, Terms, Privacy and Blog are the operator's pages, /about ...); Contact Us opens the feedback form rather than leaving the page. */
export function Footer() {
  const { openFeedback } = useFeedback();
  return (
    <footer className={styles.footer}>
      <nav aria-label="Footer" className={styles.footerNav}>
        {LINKS.map((link) =>
          // the site's own pages open in the app; the rest (Twitter) leave it in a new tab
          link.href.startsWith('/') ? (
            <Link key={link.label} to={link.href}>
              {link.label}
            </Link>
          ) : (
            <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          ),
        )}
        <button type="button" className={styles.linkButton} onClick={openFeedback}>
          Contact Us
        </button>
      </nav>
      <p className={styles.copyright}>© {new Date().getFullYear()} Folio</p>
    </footer>
  );
}
