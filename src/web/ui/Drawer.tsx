import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Drawer.module.css';
import { IconButton } from './IconButton.tsx';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** bottom: a sheet over the screen's lower part that leaves the page above it visible (no backdrop) */
  side?: 'start' | 'end' | 'bottom';
}

function modalRoot(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById('modal-root');
}

/** A side sheet on Radix Dialog (focus trap, Escape, scroll lock), for panels that do not fit narrow screens. */
export function Drawer({ open, onOpenChange, title, children, side = 'start' }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={modalRoot()}>
        <Dialog.Overlay className={side === 'bottom' ? styles.overlayClear : styles.overlay} />
        <Dialog.Content className={`${styles.content} ${styles[side]}`} aria-describedby={undefined}>
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close" icon={<X size={18} aria-hidden="true" />} />
            </Dialog.Close>
          </header>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
