import sanitizeHtml from 'sanitize-html';
import { EMPTY_NOTE_CONTENT } from '../../../shared/notes.ts';

/** Pictures a note may show: any http(s) address, or a file of ours. */
const OWN_FILE = /^\/api\/files\/notes\/\d+\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp|bmp)$/;

function safeUrl(value: string | undefined, protocols: string[]): string | undefined {
  if (!value) return undefined;
  try {
    // The URL parser drops tabs, newlines and leading controls the way browsers do ("java\tscript:").
    const url = new URL(value);
    return protocols.includes(url.protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}

function imageSrc(value: string | undefined): string | undefined {
  if (value && OWN_FILE.test(value)) return value;
  return safeUrl(value, ['http:', 'https:']);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'a',
    'blockquote',
    'code',
    'pre',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the text of these is never kept
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href, ['http:', 'https:', 'mailto:']);
      const out: Record<string, string> = {};
      if (href) {
        out.href = href;
        out.rel = 'noopener noreferrer nofollow';
        out.target = '_blank';
      }
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = imageSrc(attribs.src);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      if (attribs.alt) out.alt = attribs.alt;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
  },
  // a picture whose address was refused goes entirely
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Stored note HTML: only the editor's formatting survives; an empty note is an empty paragraph. */
export function sanitizeNoteHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? EMPTY_NOTE_CONTENT : clean;
}
