import { Rss } from 'lucide-react';
import { PAGE_SIZES } from '../../../shared/limits.ts';
import type { ListSort } from '../../../shared/schemas/items.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageCountFor } from '../../ui/pagination.ts';
import styles from './Library.module.css';
import type { LibraryView } from './view.ts';

/** Item count, items per page (24/48/96), pages, sort, and the RSS link when there is one. */
export function LibraryFooter(props: {
  total: number;
  view: LibraryView;
  rssLink: string;
  hrefFor: (patch: Partial<LibraryView>) => string;
  onChange: (patch: Partial<LibraryView>) => void;
}) {
  const { total, view } = props;
  return (
    <footer className={styles.footer}>
      <span>
        {total} item{total === 1 ? '' : 's'}
      </span>
      <label className={styles.footerField}>
        Per page
        <select
          className={styles.smallSelect}
          value={view.count}
          onChange={(e) => props.onChange({ count: Number(e.target.value) })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <Pagination
        page={view.page}
        pageCount={pageCountFor(total, view.count)}
        hrefFor={(page) => props.hrefFor({ page })}
      />
      {/* while searching, the search bar above the list holds the sort */}
      {view.what ? null : (
        <label className={styles.footerField}>
          Sort
          <select
            className={styles.smallSelect}
            value={view.sort}
            onChange={(e) => props.onChange({ sort: e.target.value as ListSort })}
          >
            <option value="updated">Updated</option>
            <option value="created">Created</option>
            <option value="title">Title</option>
          </select>
        </label>
      )}
      {props.rssLink ? (
        <a href={props.rssLink} className={styles.smallLink}>
          <Rss size={14} aria-hidden="true" /> RSS
        </a>
      ) : null}
    </footer>
  );
}
