import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Drawer } from '../../ui/Drawer.tsx';
import styles from './Reader.module.css';

/**
 * The item view's second area (spec part 1 §2): 350 px for the item's own panels (highlights and
 * notes, editing the item, text settings), 250 px for the outliner; a side sheet on narrow screens.
 */
export type SidePanel = 'notes' | 'edit' | 'type' | 'outliner';

export const PANEL_TITLES: Record<SidePanel, string> = {
  notes: 'Highlights and notes',
  edit: 'Edit Item',
  type: 'Text settings',
  outliner: 'Outliner',
};

export const NARROW_READER = '(max-width: 760px)';

export function SideArea(props: { panel: SidePanel | null; onClose: () => void; children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_READER);
  const { panel } = props;
  if (narrow) {
    return (
      <Drawer
        open={panel !== null}
        onOpenChange={(open) => !open && props.onClose()}
        title={panel ? PANEL_TITLES[panel] : ''}
        // text settings: a low sheet, so the text they change stays in sight above it
        side={panel === 'type' ? 'bottom' : 'end'}
      >
        {props.children}
      </Drawer>
    );
  }
  if (!panel) return null;
  return (
    <aside className={styles.side} data-panel={panel} aria-label={PANEL_TITLES[panel]}>
      <div className={styles.sideHead}>
        <h2 className={styles.sideTitle}>{PANEL_TITLES[panel]}</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onClose}
          aria-label={`Close ${PANEL_TITLES[panel].toLowerCase()}`}
          icon={<X size={16} />}
        />
      </div>
      {props.children}
    </aside>
  );
}
