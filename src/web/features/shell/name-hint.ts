/**
 * The spec hides the loading overlay at once when there is no user name. The session cookie is
 * httpOnly, so the page remembers the last signed-in name instead: no hint, no overlay.
 */
const STORAGE_KEY = 'folio-user';

export function readNameHint(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeNameHint(name: string | null): void {
  try {
    if (name) localStorage.setItem(STORAGE_KEY, name);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the overlay simply is not shown
  }
}

/** Shown while user info is pending for someone expected to be signed in; gone once it loads or fails. */
export function loadingOverlayVisible(
  status: 'pending' | 'success' | 'error',
  nameHint: string | null,
): boolean {
  return status === 'pending' && Boolean(nameHint);
}
