import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemType } from '../../../shared/schemas/items.ts';
import { NO_TAG } from '../../../shared/search-query.ts';
import { links } from '../../lib/links.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { CLEARED_FILTERS } from './filters.ts';
import { RelatedSearches } from './RelatedSearches.tsx';
import { SavedSearches } from './SavedSearches.tsx';
import styles from './Sidebar.module.css';
import { TagSidebar } from './TagSidebar.tsx';
import { isFiltered, type LibraryView } from './view.ts';

const TYPES: [ItemType, string][] = [
  ['bookmark', 'Bookmarks'],
  ['pdf', 'PDFs'],
  ['image', 'Images'],
  ['note', 'Notes'],
  ['kindle', 'Kindle'],
];

const UNTAGGED = `#${NO_TAG}`;

export interface SidebarProps {
  username: string;
  isOwner: boolean;
  view: LibraryView;
  unreadTotal: number;
  relTags: { name: string; count: number }[];
  hrefFor: (patch: Partial<LibraryView>) => string;
  premium: boolean;
}

/** Filters (spec part 1 §2 sidebar) as links, so each view has its own URL; then the tags. */
export function Sidebar(props: SidebarProps) {
  const { view, hrefFor, isOwner } = props;
  const [types, setTypes] = useState(true);
  const [more, setMore] = useState(Boolean(view.privacy || view.notInOutliner || view.what === UNTAGGED));
  const nothing = !isFiltered(view);
  const link = (label: string, patch: Partial<LibraryView>, active: boolean, extra?: string) => (
    <Link
      to={hrefFor({ ...CLEARED_FILTERS, ...patch })}
      className={active ? styles.navActive : styles.navLink}
      aria-current={active ? 'page' : undefined}
    >
      <span className={styles.navLabel}>{label}</span>
      {extra ? <span className={styles.navCount}>{extra}</span> : null}
    </Link>
  );
  const entry = (label: string, patch: Partial<LibraryView>, active: boolean, extra?: string) => (
    <li key={label}>{link(label, patch, active, extra)}</li>
  );
  return (
    <div className={styles.sidebarInner}>
      <nav aria-label="Library filters">
        <ul className={styles.navList}>
          <li className={styles.navAll}>
            {link('All', {}, nothing)}
            <IconButton
              size="xs"
              label="Item types"
              icon={
                types ? (
                  <ChevronDown size={14} aria-hidden="true" />
                ) : (
                  <ChevronRight size={14} aria-hidden="true" />
                )
              }
              onClick={() => setTypes(!types)}
              aria-expanded={types}
            />
          </li>
          {types ? (
            <li>
              <ul className={styles.navSub}>
                {TYPES.map(([type, label]) => entry(label, { filter: type }, view.filter === type))}
              </ul>
            </li>
          ) : null}
          {isOwner ? entry('Annotated', { ann: true }, view.ann) : null}
          {isOwner ? entry('Unread', { unread: true }, view.unread, String(props.unreadTotal)) : null}
          {isOwner ? entry('Starred', { starred: true }, view.starred) : null}
          {isOwner ? entry('Broken links', { health: 'broken' }, view.health === 'broken') : null}
          {isOwner ? entry('Changed pages', { health: 'changed' }, view.health === 'changed') : null}
          {isOwner && more ? (
            <>
              {entry('Public', { privacy: 'public' }, view.privacy === 'public')}
              {entry('Private', { privacy: 'private' }, view.privacy === 'private')}
              {entry('Untagged', { what: UNTAGGED }, view.what === UNTAGGED)}
              {entry('Not in outliner', { notInOutliner: true }, view.notInOutliner)}
            </>
          ) : null}
          {isOwner ? (
            <>
              <li>
                <Link to={links.duplicates()} className={styles.navLink}>
                  <span className={styles.navLabel}>Duplicates</span>
                </Link>
              </li>
              <li>
                <Link to={links.trash()} className={styles.navLink}>
                  <span className={styles.navLabel}>Trash</span>
                </Link>
              </li>
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
      </nav>
      {isOwner ? <SavedSearches username={props.username} view={view} /> : null}
      {isOwner ? <RelatedSearches view={view} premium={props.premium} hrefFor={hrefFor} /> : null}
      <TagSidebar {...props} filtered={!nothing} />
    </div>
  );
}
