import { tagFilterText } from '../../../shared/search-query.ts';

/**
 * 'Tag search' among the related searches: a query of plain words (no tags, hosts, phrases or
 * operators) can be run as the tag of the same name. Null when there is none to offer.
 */
export function tagSearchFor(what: string): string | null {
  const text = what.trim().replace(/\s+/g, ' ');
  if (!text || /[#@"()-]/.test(text) || /(^|\s)(NOT|OR)(\s|$)/.test(text)) return null;
  return tagFilterText(text);
}

/**
 * The full-text option of the search box (spec part 1 §5): offered to premium users only, and not
 * when full text is already on; it runs the typed words with snapshot=yes. Null when not offered.
 */
export function fulltextOption(value: string, premium: boolean, snapshot: boolean): string | null {
  const what = value.trim();
  return premium && !snapshot && what ? what : null;
}
