import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import { MODAL_TRANSITION_MS } from '../../shared/limits.ts';
import { IconButton } from './IconButton.tsx';
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

/**
 * What had the focus when a modal opened, to give it back on close. A modal opened from a menu
 * item gets the menu's button: the item is gone once the menu closes, and focus would fall to <body>.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const trigger = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : null;
  return trigger ?? active;
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
  // a layout effect runs before the dialog's focus trap moves the focus inside
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={modalRoot()}>
        <Dialog.Overlay className={styles.overlay} style={transition} />
        <Dialog.Content
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
