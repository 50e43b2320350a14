import {
  Archive,
  ArrowLeft,
  BookOpenCheck,
  ChevronLeft,
  ChevronRight,
  ExternalLink,
  ListTree,
  Mail,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/Button.tsx';
import styles from './Reader.module.css';
import type { TopBarState } from './top-bar.ts';

export interface ReaderTopBarProps {
  state: TopBarState;
  title: string;
  listHref: string;
  prevHref: string | null;
  nextHref: string | null;
  /** null when the viewer may not change it */
  unread: boolean | null;
  onToggleRead: () => void;
  marking: boolean;
  cachedHref: string | null;
  originalHref: string | null;
  outlinerOpen: boolean;
  onToggleOutliner: () => void;
}

function Step(props: { href: string | null; label: string; icon: 'prev' | 'next' }) {
  const icon = props.icon === 'prev' ? <ChevronLeft size={16} /> : <ChevronRight size={16} />;
  if (!props.href) {
    return <Button variant="ghost" size="sm" disabled aria-label={props.label} icon={icon} />;
  }
  return (
    <Link to={props.href} className={buttonClass('ghost', 'sm')} aria-label={props.label} title={props.label}>
      {icon}
    </Link>
  );
}

/**
 * The reader's bar (spec part 2 §2): back to the list, the title once the article title is out of
 * sight, previous/next in the list, read state, the cached copy, the original page and the outliner.
 */
export function ReaderTopBar(props: ReaderTopBarProps) {
  const { state } = props;
  const barClass = [styles.bar, state.fixed ? styles.barFixed : '', state.visible ? '' : styles.barHidden]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.barSlot}>
      <nav className={barClass} aria-label="Reader" data-fixed={state.fixed} data-visible={state.visible}>
        <div className={styles.barInner}>
          <Link to={props.listHref} className={buttonClass('ghost', 'sm')}>
            <ArrowLeft size={16} aria-hidden="true" />
            Library
          </Link>
          <p className={styles.barTitle} aria-hidden={!state.showTitle} data-shown={state.showTitle}>
            {state.showTitle ? props.title : ''}
          </p>
          <div className={styles.barActions}>
            <Step href={props.prevHref} label="Previous item" icon="prev" />
            <Step href={props.nextHref} label="Next item" icon="next" />
            {props.unread !== null ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={props.onToggleRead}
                busy={props.marking}
                icon={props.unread ? <BookOpenCheck size={16} /> : <Mail size={16} />}
              >
                {props.unread ? 'Mark as read' : 'Mark as unread'}
              </Button>
            ) : null}
            {props.cachedHref ? (
              <a
                href={props.cachedHref}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost', 'sm')}
              >
                <Archive size={16} aria-hidden="true" />
                Cached copy
              </a>
            ) : null}
            {props.originalHref ? (
              <a
                href={props.originalHref}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={buttonClass('ghost', 'sm')}
              >
                <ExternalLink size={16} aria-hidden="true" />
                Original
              </a>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={props.outlinerOpen}
              onClick={props.onToggleOutliner}
              icon={<ListTree size={16} />}
            >
              Outliner
            </Button>
          </div>
        </div>
      </nav>
    </div>
  );
}
