import { EMPTY_NOTE_CONTENT } from '../../../shared/notes.ts';
import { safeUrl, storedHtmlSanitizer } from '../../platform/stored-html.ts';

/** Pictures a note may show: any http(s) address, or a file of ours. */
const OWN_FILE = /^\/api\/files\/notes\/\d+\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp|bmp)$/;

/** Only the editor's formatting, through the shared sanitiser; links open in a new tab. */
const sanitize = storedHtmlSanitizer({
  tags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'a', 'blockquote', 'code', 'pre', 'img'],
  ],
  attributes: { ol: ['start'], code: ['class'] },
  classes: { code: ['language-*'] },
  linksInNewTab: true,
  imageSrc: (value) => (value && OWN_FILE.test(value) ? value : safeUrl(value, ['http:', 'https:'])),
});

/** Stored note HTML: only the editor's formatting survives; an empty note is an empty paragraph. */
export function sanitizeNoteHtml(html: string): string {
  const clean = sanitize(html);
  return clean === '' ? EMPTY_NOTE_CONTENT : clean;
}
