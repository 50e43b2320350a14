/*
 * "Keep offline": the items a user marked to keep on this device, whatever their age or read state.
 * The choice belongs to the device, not the account (another phone keeps its own), so it lives in
 * localStorage under the user's name, and sign-out forgets it with the rest (wipe.ts).
 */
const PREFIX = 'folio-keep-offline:';

export function keptIds(user: string): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(PREFIX + user) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

export function isKept(user: string, id: number): boolean {
  return keptIds(user).includes(id);
}

/** Marks (or unmarks) the items, and tells the keeper to fetch (or drop) them now. */
export function setKept(user: string, ids: number[], keep: boolean): void {
  const now = new Set(keptIds(user));
  for (const id of ids) {
    if (keep) now.add(id);
    else now.delete(id);
  }
  localStorage.setItem(PREFIX + user, JSON.stringify([...now]));
  window.dispatchEvent(new Event(KEPT_CHANGED));
}

/** Sent on window when the kept items change, so the keeper fetches them now. */
export const KEPT_CHANGED = 'folio-kept-changed';

export function forgetKept(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
