/** The tag that means 'untagged'; never stored or shown as a tag. */
export const NO_TAG_NAME = 'no_tag';
export const TAG_NAME_MAX = 100;

/** Collects tag names: cleaned, cut to TAG_NAME_MAX, without duplicates (case-insensitive), empties or no_tag. */
function tagCollector() {
  const out: string[] = [];
  const seen = new Set<string>();
  // items carry their tags as one comma-joined t_name, so a comma always separates two tags
  const push = (raw: string) => {
    for (const part of raw.split(',')) {
      const name = part.trim().replace(/\s+/g, ' ').slice(0, TAG_NAME_MAX).trim();
      const key = name.toLowerCase();
      if (!name || key === NO_TAG_NAME || seen.has(key)) continue;
      seen.add(key);
      out.push(name);
    }
  };
  return { push, out };
}

/**
 * Tags as typed: separated by spaces or commas; a quoted name keeps its spaces and loses its quotes,
 * and a comma inside it still separates. Duplicates (case-insensitive), empties and no_tag are
 * dropped; order is kept.
 */
export function parseTagInput(input: string): string[] {
  const { push, out } = tagCollector();
  const re = /"([^"]*)"?|([^\s,"]+)/g;
  for (const m of input.matchAll(re)) push(m[1] ?? m[2] ?? '');
  return out;
}

/** Tag names given one by one (chips, a copy's or an import's tags): each split at its commas, cleaned, deduped. */
export function splitTagNames(names: readonly string[]): string[] {
  const { push, out } = tagCollector();
  for (const name of names) push(name);
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
