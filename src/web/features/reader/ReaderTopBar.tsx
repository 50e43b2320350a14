import {
  Archive,
  ArrowLeft,
  BookOpenCheck,
  ChevronLeft,
  ChevronRight,
  Ellipsis,
  ExternalLink,
  Highlighter,
  ListTree,
  Mail,
  Pencil,
  Share2,
  StickyNote,
  Type,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Menu, MenuItem, MenuLink } from '../../ui/Menu.tsx';
import styles from './Reader.module.css';
import { NARROW_READER, type SidePanel } from './SideArea.tsx';
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
  panel: SidePanel | null;
  /** whether the viewer may edit the item (its Edit Item panel) */
  canEdit: boolean;
  onPanel: (panel: SidePanel) => void;
  /** null when the viewer may not add float notes */
  placingFloat: boolean | null;
  onToggleFloat: () => void;
  /** 0-1: how much of the article has been read */
  progress: number;
  /** opens the Share modal; absent when the viewer may not share the item */
  onShare?: () => void;
}

/** One action of the bar: a button or a link, shown inline on wide screens and in the menu on narrow ones. */
interface BarAction {
  id: string;
  label: string;
  icon: ReactNode;
  /** shown as an icon only on wide screens (the label is its name) */
  iconOnly?: boolean;
  pressed?: boolean;
  busy?: boolean;
  href?: string;
  onSelect?: () => void;
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

function actionsOf(props: ReaderTopBarProps): BarAction[] {
  const actions: BarAction[] = [];
  if (props.unread !== null) {
    actions.push({
      id: 'read',
      label: props.unread ? 'Mark as read' : 'Mark as unread',
      icon: props.unread ? <BookOpenCheck size={16} /> : <Mail size={16} />,
      busy: props.marking,
      onSelect: props.onToggleRead,
    });
  }
  if (props.cachedHref) {
    actions.push({ id: 'cached', label: 'Cached copy', icon: <Archive size={16} />, href: props.cachedHref });
  }
  if (props.originalHref) {
    actions.push({
      id: 'original',
      label: 'Original',
      icon: <ExternalLink size={16} />,
      href: props.originalHref,
    });
  }
  if (props.placingFloat !== null) {
    actions.push({
      id: 'float',
      label: 'Add float note',
      icon: <StickyNote size={16} />,
      iconOnly: true,
      pressed: props.placingFloat,
      onSelect: props.onToggleFloat,
    });
  }
  const panel = (id: SidePanel, label: string, icon: ReactNode, iconOnly: boolean): BarAction => ({
    id,
    label,
    icon,
    iconOnly,
    pressed: props.panel === id,
    onSelect: () => props.onPanel(id),
  });
  actions.push(panel('notes', 'Highlights and notes', <Highlighter size={16} />, true));
  if (props.canEdit) actions.push(panel('edit', 'Edit Item', <Pencil size={16} />, true));
  if (props.onShare) {
    actions.push({
      id: 'share',
      label: 'Share',
      icon: <Share2 size={16} />,
      iconOnly: true,
      onSelect: props.onShare,
    });
  }
  actions.push(panel('type', 'Text settings', <Type size={16} />, true));
  actions.push(panel('outliner', 'Outliner', <ListTree size={16} />, false));
  return actions;
}

function InlineAction({ action }: { action: BarAction }) {
  const label = action.iconOnly ? null : action.label;
  if (action.href) {
    const cached = action.id === 'cached';
    return (
      <a
        href={action.href}
        target="_blank"
        rel={cached ? 'noopener' : 'noopener noreferrer nofollow'}
        className={buttonClass('ghost', 'sm')}
      >
        {action.icon}
        {label}
      </a>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={action.onSelect}
      busy={action.busy}
      icon={action.icon}
      aria-pressed={action.pressed}
      aria-label={action.iconOnly ? action.label : undefined}
      title={action.iconOnly ? action.label : undefined}
    >
      {label}
    </Button>
  );
}

/**
 * The reader's bar (spec part 2 §2): back to the list, the title once the article title is out of
 * sight, previous/next in the list, read state, the cached copy, the original page, float notes and
 * the side panels; on narrow screens the actions gather in a menu. A thin line shows the progress.
 */
export function ReaderTopBar(props: ReaderTopBarProps) {
  const { state } = props;
  const narrow = useMediaQuery(NARROW_READER);
  const actions = actionsOf(props);
  const percent = Math.round(props.progress * 100);
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
            {narrow ? (
              <Menu
                trigger={
                  <Button variant="ghost" size="sm" aria-label="More actions" icon={<Ellipsis size={16} />} />
                }
              >
                {actions.map((a) =>
                  a.href ? (
                    <MenuLink key={a.id} icon={a.icon} to={a.href} external>
                      {a.label}
                    </MenuLink>
                  ) : (
                    <MenuItem key={a.id} icon={a.icon} onSelect={() => a.onSelect?.()}>
                      {a.label}
                    </MenuItem>
                  ),
                )}
              </Menu>
            ) : (
              actions.map((a) => <InlineAction key={a.id} action={a} />)
            )}
          </div>
        </div>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Reading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </nav>
    </div>
  );
}
