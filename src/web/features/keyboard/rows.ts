/**
 * The library's rows as the shortcuts see them: each row's title link carries
 * `data-item-row={link_id}` (library/ItemRow.tsx, ItemGrid.tsx), and j/k move focus between them.
 */
const ROW = '[data-item-row]';

function rowLinks(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`#main ${ROW}`)];
}

/** The title link of the row holding the focus (the title itself, a tag chip, the row's menu button). */
function focusedRow(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const own = active.closest<HTMLElement>(ROW);
  if (own) return own;
  return active.closest('article, li')?.querySelector<HTMLElement>(ROW) ?? null;
}

/** The link id of the row holding the focus, if any. */
export function focusedRowId(): number | null {
  const id = Number(focusedRow()?.dataset.itemRow);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Moves the focus to the next or previous row; from outside the list, j takes the first and k the last. */
export function moveRowFocus(step: 1 | -1): void {
  const rows = rowLinks();
  if (rows.length === 0) return;
  const current = focusedRow();
  const at = current ? rows.indexOf(current) : -1;
  const index =
    at < 0 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step));
  const next = rows[index]!;
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}

/** Opens a row as a click on its title would (in Folio for one's own items, a new tab for others'). */
export function openRow(linkId: number): boolean {
  const link = rowLinks().find((row) => row.dataset.itemRow === String(linkId));
  link?.click();
  return Boolean(link);
}
