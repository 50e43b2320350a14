/**
 * What had the focus when a dialog opened, to give it back on close. A dialog opened from a menu
 * item gets the menu's button: the item is gone once the menu closes, and focus would fall to <body>.
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const trigger = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : null;
  return trigger ?? active;
}
