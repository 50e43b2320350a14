import { TAG_NAME_MAX } from '../../../shared/tags.ts';

/** A highlight as a source file gives it; anchored on the page copy by the writer. */
export interface ImportHighlight {
  quote: string;
  prefix?: string;
  suffix?: string;
  position?: { start: number; end: number };
  color?: string;
  note?: string;
  created?: Date;
  /** where a book highlight was (Readwise highlights: Kindle-style items) */
  location?: string;
}

/**
 * One thing to bring into the library, whatever the format it came from (docs/import.md has the
 * mapping). A bookmark has a URL; a note has text and no URL; a book holds highlights by location.
 */
export interface ImportEntry {
  kind: 'bookmark' | 'note' | 'book';
  url: string | null;
  title: string;
  description: string;
  tags: string[];
  created?: Date;
  read?: boolean;
  private?: boolean;
  starred?: boolean;
  /** the folder path from the top, e.g. ['Reading', 'Rust', 'Async'] */
  folder: string[];
  /** a page note (becomes the description when short, else a float note) */
  note?: string;
  /** a note on the page that is always a float note (Hypothesis's annotations without a quote) */
  floatNote?: string;
  highlights: ImportHighlight[];
  /** the article's HTML as the source stored it (Wallabag, Omnivore): the page copy */
  pageCopy?: string;
  /** a file the source ships with the entry (Omnivore PDFs) */
  file?: { name: string; bytes: Uint8Array };
  /** a book's author (book entries) */
  author?: string;
}

/** Where in the file an entry or a problem is, as the import's summary names it. */
export type Place = { line: number } | { entry: number };

/** What a parser yields: an entry, or a problem with one part of the file (the rest goes on). */
export type Parsed = { entry: ImportEntry; at: Place } | { problem: string; at: Place };

/** The whole file cannot be read as the format (wrong format, broken beyond one entry). */
export class ImportFormatError extends Error {}

export function newEntry(fields: Partial<ImportEntry> & Pick<ImportEntry, 'url'>): ImportEntry {
  return { kind: 'bookmark', title: '', description: '', tags: [], folder: [], highlights: [], ...fields };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text from a file: control characters out, trimmed. */
export function cleanText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(CONTROL, '').trim();
}

/** Tag names from a source's list: cleaned, a comma separating tags, no duplicates (case-blind). */
export function cleanTags(names: Iterable<unknown>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of names) {
    for (const part of cleanText(raw).split(',')) {
      const name = part.trim().replace(/\s+/g, ' ').slice(0, TAG_NAME_MAX);
      const key = name.toLowerCase();
      if (!name || seen.has(key)) continue;
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}

/** Folder names: cleaned, empty levels dropped. */
export function cleanFolder(names: Iterable<unknown>): string[] {
  return [...names].map(cleanText).filter(Boolean);
}

/**
 * A date as sources write them: Unix seconds, milliseconds or microseconds (numbers or digit
 * strings), or an ISO-like text. Undefined when absent or unreadable (the import's time is used).
 */
export function parseDate(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value).trim();
  let date: Date;
  if (/^\d+(\.\d+)?$/.test(text)) {
    let n = Number(text);
    if (n > 1e14) n /= 1000; // microseconds (Firefox's dateAdded)
    if (n < 1e11) n *= 1000; // seconds
    date = new Date(n);
  } else {
    // '2026-03-14 23:55:23.291000+00:00' (Readwise) and '2020/01/02 03:04:05 +0000' (Diigo)
    const iso = text
      .replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3')
      .replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2')
      .replace(/(\.\d{3})\d+/, '$1')
      .replace(/\s*([+-]\d{2}):?(\d{2})$/, '$1:$2')
      .replace(/\s*UTC$/i, 'Z');
    date = new Date(iso);
  }
  const time = date.getTime();
  // before the web or far in the future: a broken value, not a date
  return Number.isFinite(time) && time > 0 && time < 4_102_444_800_000 ? date : undefined;
}

/** 'true', 'yes', '1', 1, true. */
export function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || /^(true|yes|1)$/i.test(String(value ?? '').trim());
}

/** An http(s) address, or null (an entry without one is skipped by the writer with its reason). */
export function httpUrl(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
