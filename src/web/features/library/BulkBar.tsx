import { ChevronDown, FileDown, FileText, ListChecks, ListTree, Mail, Trash2, Users, X } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { type ActionId, BULK_MENU_ORDER, ITEM_ACTIONS } from './actions.ts';
import styles from './Items.module.css';
import { libraryText } from './messages.ts';

/** The bulk bar (spec part 1 §9): selection count, Select all, delete and the more-menu. */
export function BulkBar(props: {
  count: number;
  allSelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onClose: () => void;
  onAction: (id: ActionId) => void;
}) {
  const none = props.count === 0;
  return (
    <div className={styles.bulkBar} role="toolbar" aria-label="Bulk actions">
      <Button
        variant="ghost"
        size="sm"
        icon={<ListChecks size={14} />}
        onClick={props.allSelected ? props.onClear : props.onSelectAll}
      >
        <span className={styles.bulkLabel}>{props.allSelected ? 'Unselect all' : 'Select all'}</span>
      </Button>
      <span className={styles.bulkCount} aria-live="polite">
        {none ? libraryText.selectTip : libraryText.selected(props.count)}
      </span>
      <div className={styles.bulkActions}>
        <Button
          variant="secondary"
          size="sm"
          icon={<ListTree size={14} />}
          disabled={none}
          onClick={() => props.onAction('addToOutliner')}
        >
          <span className={styles.bulkLabel}>Organize in Outliner</span>
        </Button>
        <IconButton
          label="Send an Email"
          title="Send an Email"
          icon={<Mail size={16} aria-hidden="true" />}
          disabled={none}
          onClick={() => props.onAction('sendEmail')}
        />
        <Button
          variant="secondary"
          size="sm"
          icon={<FileText size={14} />}
          disabled={none}
          onClick={() => props.onAction('report')}
        >
          <span className={styles.bulkLabel}>Generate Report</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<FileDown size={14} />}
          disabled={none}
          onClick={() => props.onAction('export')}
        >
          <span className={styles.bulkLabel}>Export</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Users size={14} />}
          disabled={none}
          onClick={() => props.onAction('shareToGroup')}
        >
          <span className={styles.bulkLabel}>Share to Group</span>
        </Button>
        <Button
          variant="danger"
          size="sm"
          icon={<Trash2 size={14} />}
          disabled={none}
          onClick={() => props.onAction('delete')}
        >
          <span className={styles.bulkLabel}>Delete</span>
        </Button>
        <Menu
          trigger={
            <Button variant="secondary" size="sm" icon={<ChevronDown size={14} />} disabled={none}>
              <span className={styles.bulkLabel}>More</span>
            </Button>
          }
        >
          {BULK_MENU_ORDER.map((id) => (
            <MenuItem key={id} onSelect={() => props.onAction(id)}>
              {ITEM_ACTIONS.find((a) => a.id === id)!.label}
            </MenuItem>
          ))}
        </Menu>
        <IconButton
          label="Quit bulk edit"
          icon={<X size={16} aria-hidden="true" />}
          onClick={props.onClose}
        />
      </div>
    </div>
  );
}
