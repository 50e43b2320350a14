import { ListTree } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { OutlinerSideArea } from './OutlinerSideArea.tsx';
import { OutlinerTip } from './OutlinerTip.tsx';
import styles from './SideArea.module.css';

/**
 * The split screen for readers without a bar of their own for it (PDF, Kindle book): the reader,
 * and the outliner side area beside it behind a toggle.
 */
export function WithOutlinerArea({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.split} data-outliner={open || undefined}>
      <div className={styles.main}>
        {open ? null : <OutlinerTip onOpen={() => setOpen(true)} />}
        {children}
      </div>
      {open ? <OutlinerSideArea onClose={() => setOpen(false)} /> : null}
      <Button
        variant={open ? 'primary' : 'secondary'}
        size="sm"
        className={styles.toggle}
        icon={<ListTree size={14} />}
        aria-pressed={open}
        onClick={() => setOpen(!open)}
      >
        Outliner
      </Button>
    </div>
  );
}
