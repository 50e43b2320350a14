import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemType } from '../../../shared/schemas/items.ts';
import { NO_TAG } from '../../../shared/search-query.ts';
import styles from './Library.module.css';
import { TagSidebar } from './TagSidebar.tsx';
import type { LibraryView } from './view.ts';

const TYPES: [ItemType, string][] = [
  ['bookmark', 'Bookmarks'],
  ['pdf', 'PDFs'],
  ['image', 'Images'],
  ['note', 'Notes'],
  ['kindle', 'Kindle'],
];

const CLEAR: Partial<LibraryView> = {
  filter: null,
  unread: false,
  ann: false,
  privacy: null,
  what: '',
  snapshot: false,
  notInOutliner: false,
};

export interface SidebarProps {
  username: string;
  isOwner: boolean;
  view: LibraryView;
  unreadTotal: number;
  relTags: { name: string; count: number }[];
  hrefFor: (patch: Partial<LibraryView>) => string;
}

/** Filters (spec part 1 §2 sidebar) as links, so each view has its own URL. */
export function Sidebar(props: SidebarProps) {
  const { view, hrefFor, isOwner } = props;
  const [more, setMore] = useState(Boolean(view.privacy || view.notInOutliner || view.what === `#${NO_TAG}`));
  const nothing =
    !view.filter && !view.unread && !view.ann && !view.privacy && !view.what && !view.notInOutliner;
  const entry = (label: string, patch: Partial<LibraryView>, active: boolean, extra?: string) => (
    <li key={label}>
      <Link
        to={hrefFor({ ...CLEAR, ...patch })}
        className={active ? styles.navActive : styles.navLink}
        aria-current={active ? 'page' : undefined}
      >
        <span>{label}</span>
        {extra ? <span className={styles.navCount}>{extra}</span> : null}
      </Link>
    </li>
  );
  return (
    <nav className={styles.sidebar} aria-label="Library filters">
      <ul className={styles.navList}>
        {entry('All', {}, nothing)}
        <li>
          <ul className={styles.navSub}>
            {TYPES.map(([type, label]) => entry(label, { filter: type }, view.filter === type))}
          </ul>
        </li>
        {isOwner ? entry('Annotated', { ann: true }, view.ann) : null}
        {isOwner ? entry('Unread', { unread: true }, view.unread, String(props.unreadTotal)) : null}
        {isOwner && more ? (
          <>
            {entry('Public', { privacy: 'public' }, view.privacy === 'public')}
            {entry('Private', { privacy: 'private' }, view.privacy === 'private')}
            {entry('Untagged', { what: `#${NO_TAG}` }, view.what === `#${NO_TAG}`)}
            {entry('Not in outliner', { notInOutliner: true }, view.notInOutliner)}
          </>
        ) : null}
        {isOwner ? (
          <li>
            <button
              type="button"
              className={styles.moreToggle}
              onClick={() => setMore(!more)}
              aria-expanded={more}
            >
              {more ? 'Less' : 'More'}
            </button>
          </li>
        ) : null}
      </ul>
      <TagSidebar {...props} filtered={!nothing} />
    </nav>
  );
}
