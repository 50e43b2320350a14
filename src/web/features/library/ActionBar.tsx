import {
  ChevronDown,
  ChevronsDownUp,
  ChevronsUpDown,
  LayoutGrid,
  List,
  ListChecks,
  Plus,
  Rows3,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { AdvancedSearch } from './AdvancedSearch.tsx';
import styles from './Library.module.css';
import type { ListLayout } from './layout.ts';
import { SearchBox } from './SearchBox.tsx';

export type AddKind = 'bookmark' | 'image' | 'pdf' | 'note' | 'kindle' | 'import';

export interface ActionBarProps {
  title: string;
  isOwner: boolean;
  premium: boolean;
  what: string;
  snapshot: boolean;
  expanded: boolean;
  layout: ListLayout;
  onLayout: (layout: ListLayout) => void;
  bulkMode: boolean;
  onSearch: (what: string, snapshot: boolean) => void;
  onToggleExpanded: () => void;
  onToggleBulk: () => void;
  onAdd: (kind: AddKind) => void;
  /** on narrow screens the sidebar is a drawer this opens */
  onOpenFilters?: (() => void) | undefined;
}

/** 'My Library': search, advanced search, Expand/Collapse All, Bulk Edit / Quit Edit and the add menu. */
export function ActionBar(props: ActionBarProps) {
  const [advanced, setAdvanced] = useState(false);
  return (
    <div className={styles.actionBar}>
      <div className={styles.actionRow}>
        <h1 className={styles.barTitle}>{props.title}</h1>
        <div className={styles.searchWrap}>
          <SearchBox
            what={props.what}
            snapshot={props.snapshot}
            premium={props.premium}
            onSearch={props.onSearch}
          />
          <button
            type="button"
            className={styles.caret}
            aria-expanded={advanced}
            aria-label="Advanced search"
            title="Advanced search"
            onClick={() => setAdvanced(!advanced)}
          >
            <ChevronDown size={16} aria-hidden="true" />
          </button>
        </div>
        <div className={styles.barButtons}>
          <LayoutSwitch layout={props.layout} onLayout={props.onLayout} />
          {props.onOpenFilters ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<SlidersHorizontal size={16} />}
              onClick={props.onOpenFilters}
              aria-label="Filters"
            >
              <span className={styles.barLabel}>Filters</span>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            icon={props.expanded ? <ChevronsDownUp size={16} /> : <ChevronsUpDown size={16} />}
            onClick={props.onToggleExpanded}
            aria-label={props.expanded ? 'Collapse All' : 'Expand All'}
            title={props.expanded ? 'Collapse All' : 'Expand All'}
          >
            <span className={styles.barLabel}>{props.expanded ? 'Collapse All' : 'Expand All'}</span>
          </Button>
          {props.isOwner ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                icon={props.bulkMode ? <X size={16} /> : <ListChecks size={16} />}
                onClick={props.onToggleBulk}
                aria-label={props.bulkMode ? 'Quit Edit' : 'Bulk Edit'}
                title={props.bulkMode ? 'Quit Edit' : 'Bulk Edit'}
              >
                <span className={styles.barLabel}>{props.bulkMode ? 'Quit Edit' : 'Bulk Edit'}</span>
              </Button>
              <Menu
                trigger={
                  <Button
                    variant="primary"
                    size="sm"
                    icon={<Plus size={16} />}
                    aria-label="Add"
                    data-guide="add"
                  >
                    Add
                  </Button>
                }
              >
                <MenuItem onSelect={() => props.onAdd('bookmark')}>Bookmark</MenuItem>
                <MenuItem onSelect={() => props.onAdd('image')}>Image</MenuItem>
                <MenuItem onSelect={() => props.onAdd('pdf')}>PDF</MenuItem>
                <MenuItem onSelect={() => props.onAdd('note')}>Note</MenuItem>
                <MenuItem onSelect={() => props.onAdd('kindle')}>Kindle highlights</MenuItem>
                <MenuItem onSelect={() => props.onAdd('import')}>Import from another service</MenuItem>
              </Menu>
            </>
          ) : null}
        </div>
      </div>
      {advanced ? (
        <AdvancedSearch
          onSearch={(what) => {
            setAdvanced(false);
            props.onSearch(what, false);
          }}
        />
      ) : null}
    </div>
  );
}

const LAYOUTS: { id: ListLayout; label: string; icon: typeof List }[] = [
  { id: 'compact', label: 'Compact list', icon: Rows3 },
  { id: 'list', label: 'List with covers', icon: List },
  { id: 'cards', label: 'Cards', icon: LayoutGrid },
];

/** The list's three views; the choice is kept in a cookie. */
function LayoutSwitch({ layout, onLayout }: { layout: ListLayout; onLayout: (layout: ListLayout) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div className={styles.layoutSwitch} role="group" aria-label="View">
      {LAYOUTS.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          type="button"
          className={styles.layoutButton}
          aria-pressed={layout === id}
          aria-label={label}
          title={label}
          onClick={() => onLayout(id)}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
