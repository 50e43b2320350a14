import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './IconButton.module.css';

export type IconButtonSize = 'xs' | 'sm' | 'md';

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** the accessible name: an icon alone says nothing to a screen reader */
  label: string;
  /** the icon, drawn with aria-hidden */
  icon: ReactNode;
  /** tooltip; the label when absent */
  title?: string;
  /** xs 24 px (inside rows), sm 28 px (panel headers, toolbars), md 36 px (top bar) */
  size?: IconButtonSize;
  /** muted (default), inherit (takes the colour around it), danger (red on hover) */
  tone?: 'muted' | 'inherit' | 'danger';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The square icon-only button: one name, one tooltip, one focus ring. Radix triggers and closes
 * wrap it with `asChild`, so every other prop (data-state, aria-expanded, handlers) passes through.
 * A container may set `--icon-button-hover` when its own hover colour is the default one.
 */
export function IconButton({
  label,
  icon,
  title,
  size = 'sm',
  tone = 'muted',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const classes = [styles.button, styles[size], styles[tone], className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} aria-label={label} title={title ?? label} {...rest}>
      {icon}
    </button>
  );
}
