import { BookOpenText, FileText, Import, Inbox, Link2, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import type { EmptyKind } from './empty-kind.ts';
import styles from './Library.module.css';
import { libraryText } from './messages.ts';

/** A way to put the first things in the library, each the flow the Add menu opens. */
export type StartKind = 'bookmark' | 'pdf' | 'kindle' | 'import';

/** What an empty library offers its owner, in the order a new user most often starts. */
const STARTS: { kind: StartKind; label: string; icon: ReactNode }[] = [
  { kind: 'bookmark', label: 'Add a bookmark', icon: <Link2 size={16} aria-hidden="true" /> },
  { kind: 'pdf', label: 'Upload a PDF', icon: <FileText size={16} aria-hidden="true" /> },
  { kind: 'kindle', label: 'Import Kindle highlights', icon: <BookOpenText size={16} aria-hidden="true" /> },
  { kind: 'import', label: 'Import from another service', icon: <Import size={16} aria-hidden="true" /> },
];

export function EmptyState(props: {
  kind: EmptyKind;
  isOwner: boolean;
  bookmarksHref: string;
  /** opens the flow of one way to add (the Add menu's) */
  onStart: (kind: StartKind) => void;
}) {
  const { kind, isOwner, onStart } = props;
  const text = {
    search: libraryText.emptySearch,
    unread: libraryText.emptyUnread,
    kindle: 'No Kindle highlights yet.',
    default: libraryText.emptyDefault,
    items: libraryText.emptyItems,
  }[kind];
  // the whole library is empty: every way in; a filtered view: the way that fits it
  const starts = !isOwner
    ? []
    : kind === 'default'
      ? STARTS
      : STARTS.filter((s) =>
          kind === 'kindle' ? s.kind === 'kindle' : kind === 'items' && s.kind === 'bookmark',
        );
  return (
    <StateBox>
      {kind === 'search' ? <SearchX size={28} aria-hidden="true" /> : <Inbox size={28} aria-hidden="true" />}
      <p className={styles.emptyText}>{text}</p>
      {kind === 'unread' ? <Link to={props.bookmarksHref}>Go to your bookmarks</Link> : null}
      {starts.length > 0 ? (
        <div className={styles.emptyStarts}>
          {starts.map((s, i) => (
            <Button
              key={s.kind}
              variant={i === 0 ? 'primary' : 'secondary'}
              icon={s.icon}
              onClick={() => onStart(s.kind)}
            >
              {s.label}
            </Button>
          ))}
        </div>
      ) : null}
    </StateBox>
  );
}

export function LoadError(props: { premiumOnly: boolean; onRetry: () => void }) {
  return (
    <StateBox role="alert">
      <TriangleAlert size={28} aria-hidden="true" />
      {props.premiumOnly ? (
        <>
          <p className={styles.emptyText}>{libraryText.fulltextPremium}</p>
          <Link to="/premium?f=fulltext">See premium plans</Link>
        </>
      ) : (
        <>
          <p className={styles.emptyText}>{libraryText.loadFailed}</p>
          <Button onClick={props.onRetry}>Retry</Button>
        </>
      )}
    </StateBox>
  );
}
