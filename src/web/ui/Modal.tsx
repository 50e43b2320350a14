import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import { MODAL_TRANSITION_MS } from '../../shared/limits.ts';
import { useFirstOpener } from '../lib/lazy.tsx';
import { IconButton } from './IconButton.tsx';
import styles from './Modal.module.css';
import { openerOf } from './opener.ts';

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
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const firstOpener = useFirstOpener();
  const opened = useRef(false);
  // A layout effect runs before the focus trap moves the focus inside. A dialog loaded on first use
  // mounts open, and by then the focus has moved on: to <body> as the menu that opened it closed,
  // or into the dialog (its autoFocus field commits with it). Its opener is then the one OnFirstUse saw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken when the dialog opens, not when the opener changes
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const seen = content.current?.contains(active) ? null : openerOf(active);
    opener.current = seen ?? (opened.current ? null : firstOpener);
    opened.current = true;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={modalRoot()}>
        <Dialog.Overlay className={styles.overlay} style={transition} />
        <Dialog.Content
          ref={content}
          className={`${styles.content} ${styles[size]}`}
          style={transition}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {hideClose ? null : (
              <Dialog.Close asChild>
                <IconButton
                  className={styles.close}
                  label="Close"
                  icon={<X size={18} aria-hidden="true" />}
                />
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
