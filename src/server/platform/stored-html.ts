import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of HTML we store and show (captured pages, notes): what is always removed
 * (script, style, frames, forms, event handlers, non-http(s) addresses) lives here; each module
 * passes only what it keeps beyond that. The served copies are sandboxed as well; this is the
 * first wall.
 */

/** The address when it parses as one of the protocols, as the parser understood it; else undefined. */
export function safeUrl(value: string | undefined, protocols: string[]): string | undefined {
  if (!value) return undefined;
  try {
    // The URL parser drops tabs, newlines and leading controls the way browsers do ("java\tscript:").
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function isHttpUrl(value: string | null | undefined): value is string {
  return !!value && safeUrl(value, ['http:', 'https:']) !== undefined;
}

export interface StoredHtmlRules {
  /** the tags kept (a and img are handled below when listed) */
  tags: string[];
  /** attributes kept per tag, besides the a and img ones set below */
  attributes?: Record<string, string[]>;
  classes?: Record<string, string[]>;
  /** links open in a new tab (target=_blank) */
  linksInNewTab?: boolean;
  /** img attributes kept besides src, alt and title */
  imageAttributes?: string[];
  /** the picture address kept, or undefined to drop the picture; http(s) only by default */
  imageSrc?: (value: string | undefined) => string | undefined;
}

const httpOnly = (value: string | undefined) => safeUrl(value, ['http:', 'https:']);

/** A sanitiser for one kind of stored HTML: the shared walls plus the module's own rules. */
export function storedHtmlSanitizer(rules: StoredHtmlRules): (html: string) => string {
  const imageSrc = rules.imageSrc ?? httpOnly;
  const imageAttributes = ['alt', 'title', ...(rules.imageAttributes ?? [])];
  const options: sanitizeHtml.IOptions = {
    allowedTags: rules.tags,
    allowedAttributes: {
      ...rules.attributes,
      a: ['href', 'title', 'rel', ...(rules.linksInNewTab ? ['target'] : [])],
      img: ['src', ...imageAttributes],
    },
    allowedClasses: rules.classes ?? {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // the text of these is never kept
    nonTextTags: [
      ...['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
      ...['svg', 'math', 'title', 'xmp', 'noembed', 'noframes', 'select', 'button'],
    ],
    transformTags: {
      a: (tagName, attribs) => {
        const href = safeUrl(attribs.href, ['http:', 'https:', 'mailto:']);
        const out: Record<string, string> = {};
        if (href) {
          out.href = href;
          out.rel = 'noopener noreferrer nofollow';
          if (rules.linksInNewTab) out.target = '_blank';
        }
        if (attribs.title) out.title = attribs.title;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = imageSrc(attribs.src);
        const out: Record<string, string> = {};
        if (src) out.src = src;
        for (const name of imageAttributes) if (attribs[name]) out[name] = attribs[name]!;
        return { tagName, attribs: out };
      },
    },
    // a picture whose address was refused goes entirely
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
  return (html) => sanitizeHtml(html, options).trim();
}
