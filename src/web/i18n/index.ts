import { en, type MessageKey } from './en.ts';

/**
 * The web client's strings: `t(key, values)` reads the catalogue of the language in use. A
 * language is a file of the same keys (a missing key is a type error; at run time it falls back to
 * English). The language is the user's setLanguage preference, remembered in this browser so the
 * first paint is already in it (main.tsx applies it before rendering).
 */
export type Catalogue = Record<MessageKey, string>;

export const CATALOGUES: Record<string, Catalogue> = { en };
const STORAGE_KEY = 'folio-language';

let current: Catalogue = en;
let currentCode = 'en';

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  const text = current[key] ?? en[key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function language(): string {
  return currentCode;
}

/** Uses a language (an unknown one means English) and marks the page with it. */
export function applyLanguage(code: string | null | undefined): void {
  currentCode = code && code in CATALOGUES ? code : 'en';
  current = CATALOGUES[currentCode]!;
  document.documentElement.lang = currentCode;
}

/** The language this browser last used, applied at start-up. */
export function applyStoredLanguage(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked (private mode): English until the settings are read
  }
  applyLanguage(stored);
}

/**
 * Remembers the user's language; true when it differs from the one the page was drawn in (the
 * caller reloads, so every string is read again rather than each component listening).
 */
export function rememberLanguage(code: string): boolean {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // nothing to remember it in: this page still switches
  }
  const known = code in CATALOGUES ? code : 'en';
  return known !== currentCode;
}
