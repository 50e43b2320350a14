/**
 * Outliner ids in page addresses (spec part 2 §9): the id times 1234 plus 98765, written in base 36,
 * then the title with its slashes as dashes: /o/{code}/{title}.
 */

const FACTOR = 1234;
const OFFSET = 98765;
const CODE = /^[0-9a-z]{1,12}$/;

export function encodeOutlinerId(id: number): string {
  return (id * FACTOR + OFFSET).toString(36);
}

/** The outliner id a code stands for, or null for a code no outliner has (a not-found page). */
export function decodeOutlinerId(code: string): number | null {
  if (!CODE.test(code)) return null;
  const n = Number.parseInt(code, 36);
  if (!Number.isSafeInteger(n) || n <= OFFSET || (n - OFFSET) % FACTOR !== 0) return null;
  return (n - OFFSET) / FACTOR;
}

/** The title as the address shows it: slashes become dashes. */
export function outlinerSlug(title: string): string {
  return title.replaceAll('/', '-');
}

/** /o/{code}/{title}: one outliner's page. */
export function outlinerPath(id: number, title: string): string {
  return `/o/${encodeOutlinerId(id)}/${encodeURIComponent(outlinerSlug(title))}`;
}

/** The read-only page a share link opens (anyone with the link, signed in or not). */
export function sharedOutlinerPath(shareKey: string): string {
  return `/outliner_shared/${encodeURIComponent(shareKey)}`;
}
