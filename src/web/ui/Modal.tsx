import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { MODAL_TRANSITION_MS } from '../../shared/limits.ts';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** buttons row at the bottom */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** hides the corner close button when the footer already offers one */
  hideClose?: boolean;
}

/** The shell renders #modal-root; before it exists (tests), Radix falls back to <body>. */
function modalRoot(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById('modal-root');
}

const transition = { '--modal-transition': `${MODAL_TRANSITION_MS}ms` } as CSSProperties;

/** Radix Dialog: focus trap, Escape to close, body scroll locked while shown, 250 ms transitions. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={modalRoot()}>
        <Dialog.Overlay className={styles.overlay} style={transition} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          style={transition}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {hideClose ? null : (
              <Dialog.Close className={styles.close} aria-label="Close">
                <X size={18} aria-hidden="true" />
              </Dialog.Close>
            )}
          </header>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
