/** The tag that means 'untagged'; never stored or shown as a tag. */
export const NO_TAG_NAME = 'no_tag';
export const TAG_NAME_MAX = 100;

/**
 * Tags as typed: separated by spaces or commas; a quoted name keeps its spaces and loses its quotes.
 * Duplicates (case-insensitive), empties and no_tag are dropped; order is kept.
 */
export function parseTagInput(input: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ').slice(0, TAG_NAME_MAX);
    const key = name.toLowerCase();
    if (!name || key === NO_TAG_NAME || seen.has(key)) return;
    seen.add(key);
    out.push(name);
  };
  const re = /"([^"]*)"?|([^\s,"]+)/g;
  for (const m of input.matchAll(re)) push(m[1] ?? m[2] ?? '');
  return out;
}

/** Back to input text: names with spaces are quoted. */
export function formatTagInput(tags: string[]): string {
  return tags.map((t) => (/\s/.test(t) ? `"${t}"` : t)).join(' ');
}

/**
 * Tags put in a field for the user to edit: they end with the separator, so what the user types
 * next starts a new tag instead of growing the last one ('rust' + 'pro' is not 'rustpro').
 */
export function prefillTagInput(tags: string[]): string {
  return tags.length ? `${formatTagInput(tags)} ` : '';
}

/** t_name: the comma-separated tag list items carry. */
export function splitTName(tName: string): string[] {
  return tName ? tName.split(',').filter(Boolean) : [];
}

/**
 * The search text for clicking a tag: always quoted, e.g. #"web design", #"css". It lives here, not in
 * search-query.ts, so the library view (and the web entry that starts its first request) need not
 * load the whole query parser.
 */
export function tagFilterText(tag: string): string {
  return `#"${tag.replace(/"/g, '')}"`;
}
