import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { type PointerEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MENU_DELAY_MS } from '../../shared/limits.ts';
import styles from './Menu.module.css';
import type { MenuProps } from './Menu.tsx';
import { useHoverIntent } from './use-hover-intent.ts';

/**
 * The menus on Radix DropdownMenu, loaded by Menu.tsx on the first pointer or focus on a trigger
 * (issue 14, Speed). `startOpen` opens at once (a click came before this module); `pointerInside`
 * starts the hover delay (the pointer entered before it).
 */
export function RadixMenu({
  trigger,
  children,
  openOnHover = false,
  align = 'end',
  startOpen,
  pointerInside,
}: MenuProps & { startOpen: boolean; pointerInside: boolean }) {
  const hover = useHoverIntent(MENU_DELAY_MS);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // once, on mount: what happened to the stand-in trigger while this module loaded
  const arrival = useRef({ startOpen, pointerInside: pointerInside && openOnHover });
  useEffect(() => {
    const { startOpen, pointerInside } = arrival.current;
    arrival.current = { startOpen: false, pointerInside: false };
    if (startOpen) hover.setOpen(true);
    else if (pointerInside) hover.enter();
  }, [hover.setOpen, hover.enter]);
  const mouseOnly = (handler: () => void) => (event: PointerEvent) => {
    if (openOnHover && event.pointerType === 'mouse') handler();
  };

  return (
    <Dropdown.Root open={hover.open} onOpenChange={hover.setOpen} modal={false}>
      <Dropdown.Trigger
        asChild
        ref={triggerRef}
        onPointerEnter={mouseOnly(hover.enter)}
        onPointerLeave={mouseOnly(hover.leave)}
        onPointerDown={(event) => {
          // A menu the pointer already opened stays open on click instead of toggling shut.
          if (hover.claimByClick()) event.preventDefault();
        }}
      >
        {trigger}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          className={styles.content}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          onPointerEnter={mouseOnly(hover.enter)}
          onPointerLeave={mouseOnly(hover.leave)}
          // A press on the trigger is the trigger's to judge (toggle, or keep a hover-opened menu
          // open): without this the layer took it for a press outside and closed the menu anyway.
          onPointerDownOutside={(event) => {
            const target = event.detail.originalEvent.target;
            if (target instanceof Node && triggerRef.current?.contains(target)) event.preventDefault();
          }}
          // A menu the pointer drifted out of should not pull focus back to its trigger.
          onCloseAutoFocus={(event) => {
            if (hover.byHover()) event.preventDefault();
          }}
        >
          {children}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

interface ItemProps {
  icon?: ReactNode;
  children: ReactNode;
}

export function MenuItem({ icon, children, onSelect }: ItemProps & { onSelect: () => void }) {
  return (
    <Dropdown.Item className={styles.item} onSelect={onSelect}>
      <span className={styles.icon}>{icon}</span>
      {children}
    </Dropdown.Item>
  );
}

/** A menu entry that navigates: router link inside the app, plain link (new tab) outside it. */
export function MenuLink({ icon, children, to, external }: ItemProps & { to: string; external?: boolean }) {
  const content = (
    <>
      <span className={styles.icon}>{icon}</span>
      {children}
    </>
  );
  return (
    <Dropdown.Item className={styles.item} asChild>
      {external ? (
        <a href={to} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <Link to={to}>{content}</Link>
      )}
    </Dropdown.Item>
  );
}

export function MenuSeparator() {
  return <Dropdown.Separator className={styles.separator} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <Dropdown.Label className={styles.label}>{children}</Dropdown.Label>;
}
