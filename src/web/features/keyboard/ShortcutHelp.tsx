import { Modal } from '../../ui/Modal.tsx';
import styles from './Keyboard.module.css';
import { SHORTCUTS } from './keys.ts';

/** The list of shortcuts (? or the palette's Keyboard shortcuts). */
export function ShortcutHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Keys do nothing while you type in a field or a note."
    >
      <dl className={styles.shortcuts}>
        {SHORTCUTS.map((s) => (
          <div key={s.label} className={styles.shortcut}>
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 ? <span className={styles.then}> then </span> : null}
                  <kbd className={styles.key}>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
