import { Lightbulb } from 'lucide-react';
import { readCookie } from '../../lib/cookies.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './SideArea.module.css';
import { tipVisible } from './side-area.ts';

/** The reading tip (guide reading0): shown until the side area is first opened (part 2 §4). */
export function OutlinerTip({ onOpen }: { onOpen: () => void }) {
  if (!tipVisible(readCookie)) return null;
  return (
    <p className={styles.tip} role="note">
      <Lightbulb size={14} aria-hidden="true" />
      <span>Outline while you read: open an outliner beside the page and drag highlights into it.</span>
      <Button variant="ghost" size="sm" onClick={onOpen}>
        Open the outliner
      </Button>
    </p>
  );
}
