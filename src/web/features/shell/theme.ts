/** Light, dark, or following the system; the choice is kept in localStorage (public/theme-init.js reads it). */
export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'folio-theme';

export function readTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];

export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length] ?? 'system';
}
