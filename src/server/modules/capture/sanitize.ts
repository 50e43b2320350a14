import { storedHtmlSanitizer } from '../../platform/stored-html.ts';

/**
 * Stored reader HTML of a captured page: article structure, links and pictures only, through the
 * shared sanitiser (platform/stored-html.ts); pictures keep their size.
 */
export const sanitizeReaderHtml = storedHtmlSanitizer({
  tags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article'],
    ...['header', 'footer', 'aside', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
    ...['abbr', 'cite', 'q', 'time', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'details', 'summary'],
  ],
  attributes: {
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    time: ['datetime'],
    abbr: ['title'],
  },
  imageAttributes: ['width', 'height'],
});
