/** What the share sheet sent to /share (manifest share_target): any of title, text and url. */
export interface SharedPage {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}

/** An http(s) address inside shared text: apps often put "Look at this https://..." in `text`. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/i;
/** Closing punctuation a sentence puts after an address, never part of it. */
const TRAILING = /[.,;:!?)\]}»”’]+$/;

/** The first web address in the text, without the sentence's closing punctuation; null when none. */
export function urlInText(text: string): string | null {
  const found = text.match(URL_IN_TEXT)?.[0];
  if (!found) return null;
  let url = found.replace(TRAILING, '');
  // a closing bracket the address opened stays (https://en.wikipedia.org/wiki/Tree_(graph))
  if (found.length > url.length && url.includes('(') && !url.includes(')') && found[url.length] === ')') {
    url += ')';
  }
  return isWebAddress(url) ? url : null;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The page to add: `url` when the app sent one, else an address found in `text`, else in `title`. */
export function sharedUrl(shared: SharedPage): string | null {
  const url = shared.url?.trim();
  if (url && isWebAddress(url)) return url;
  return urlInText(shared.text ?? '') ?? urlInText(shared.title ?? '');
}
