/**
 * The reader's typography (font, size, line width), kept per user in this browser's localStorage:
 * a reading preference of one device, with no natural place on the server yet.
 */
export type ReaderFont = 'serif' | 'sans';
export type LineWidth = 'narrow' | 'medium' | 'wide';

export interface Typography {
  font: ReaderFont;
  /** px */
  size: number;
  width: LineWidth;
}

export const TYPE_SIZE_MIN = 14;
export const TYPE_SIZE_MAX = 26;
export const TYPE_SIZE_STEP = 2;
export const DEFAULT_TYPOGRAPHY: Typography = { font: 'serif', size: 18, width: 'medium' };
/** the reading column's widest line for each choice */
export const LINE_WIDTHS: Record<LineWidth, string> = { narrow: '36rem', medium: '44rem', wide: '56rem' };

const storageKey = (username: string) => `folio-reader-type:${username}`;

/** A stored value read back: anything unknown falls back to the default, sizes stay in range. */
export function parseTypography(raw: string | null): Typography {
  let value: Partial<Record<keyof Typography, unknown>> = {};
  try {
    value = raw ? (JSON.parse(raw) ?? {}) : {};
  } catch {
    value = {};
  }
  const size = typeof value.size === 'number' && Number.isFinite(value.size) ? value.size : NaN;
  return {
    font: value.font === 'sans' || value.font === 'serif' ? value.font : DEFAULT_TYPOGRAPHY.font,
    size: Number.isNaN(size) ? DEFAULT_TYPOGRAPHY.size : clampSize(size),
    width:
      value.width === 'narrow' || value.width === 'medium' || value.width === 'wide'
        ? value.width
        : DEFAULT_TYPOGRAPHY.width,
  };
}

export function clampSize(size: number): number {
  return Math.min(TYPE_SIZE_MAX, Math.max(TYPE_SIZE_MIN, Math.round(size)));
}

export function readTypography(username: string): Typography {
  try {
    return parseTypography(localStorage.getItem(storageKey(username)));
  } catch {
    return DEFAULT_TYPOGRAPHY;
  }
}

export function writeTypography(username: string, value: Typography): void {
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(value));
  } catch {
    // storage blocked: the choice lasts while the page is open
  }
}
