import { Rss } from 'lucide-react';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageCountFor } from '../../ui/pagination.ts';
import styles from './Library.module.css';
import { PageSizeSelect, SortSelect } from './ListSelects.tsx';
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
      <PageSizeSelect
        label="Per page"
        labelClassName={styles.footerField}
        className={styles.smallSelect}
        value={view.count}
        onChange={(count) => props.onChange({ count })}
      />
      <Pagination
        page={view.page}
        pageCount={pageCountFor(total, view.count)}
        hrefFor={(page) => props.hrefFor({ page })}
      />
      {/* while searching, the search bar above the list holds the sort */}
      {view.what ? null : (
        <SortSelect
          label="Sort"
          labelClassName={styles.footerField}
          className={styles.smallSelect}
          value={view.sort}
          onChange={(sort) => props.onChange({ sort })}
        />
      )}
      {props.rssLink ? (
        <a href={props.rssLink} className={styles.smallLink}>
          <Rss size={14} aria-hidden="true" /> RSS
        </a>
      ) : null}
    </footer>
  );
}
