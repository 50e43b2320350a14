import { Link } from 'react-router';
import { libraryText } from './messages.ts';
import { tagSearchFor } from './related-searches.ts';
import styles from './Sidebar.module.css';
import type { LibraryView } from './view.ts';

/**
 * Related searches while searching (spec part 1 §2): the same query as a full-text search (premium
 * only; free plans are told how to get it) or as a tag search.
 */
export function RelatedSearches(props: {
  view: LibraryView;
  premium: boolean;
  hrefFor: (patch: Partial<LibraryView>) => string;
}) {
  const { view, premium, hrefFor } = props;
  if (!view.what) return null;
  const asTag = tagSearchFor(view.what);
  if (view.snapshot && !asTag) return null;
  return (
    <section className={styles.tagSection} aria-label="Related searches">
      <h3>Related searches</h3>
      <ul className={styles.tagList}>
        {view.snapshot ? null : premium ? (
          <li>
            <Link to={hrefFor({ snapshot: true })} className={styles.tagLink}>
              <span>Fulltext: {view.what}</span>
            </Link>
          </li>
        ) : (
          <li className={styles.relatedTip}>
            <p>{libraryText.fulltextPremium}</p>
            <p>
              Tip: <Link to="/premium?f=fulltext">Premium</Link> searches the text of every page you save.
            </p>
          </li>
        )}
        {asTag ? (
          <li>
            <Link to={hrefFor({ what: asTag, snapshot: false })} className={styles.tagLink}>
              <span>Tag search: {asTag}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
