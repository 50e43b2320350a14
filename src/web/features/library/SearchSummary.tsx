import { pageCountFor } from '../../ui/pagination.ts';
import styles from './Library.module.css';
import { SortSelect } from './ListSelects.tsx';
import { libraryText } from './messages.ts';
import type { LibraryView } from './view.ts';

/** Shown only while searching: 'Page X of N results for the query', with sort and privacy filters. */
export function SearchSummary(props: {
  view: LibraryView;
  total: number;
  onChange: (p: Partial<LibraryView>) => void;
}) {
  const { view, total } = props;
  return (
    <div className={styles.searchSummary}>
      <p>{libraryText.searchSummary(view.page, pageCountFor(total, view.count), total, view.what)}</p>
      <SortSelect
        aria-label="Sort results"
        className={styles.smallSelect}
        value={view.sort}
        onChange={(sort) => props.onChange({ sort })}
      />
      <select
        aria-label="Privacy"
        className={styles.smallSelect}
        value={view.privacy ?? ''}
        onChange={(e) => props.onChange({ privacy: (e.target.value || null) as LibraryView['privacy'] })}
      >
        <option value="">Public and private</option>
        <option value="public">Public</option>
        <option value="private">Private</option>
      </select>
    </div>
  );
}
