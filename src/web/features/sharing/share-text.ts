import type { ShareVariant } from '../../../shared/schemas/sharing.ts';

/** The Share modal's words per variant (spec part 1 §2), and the Embed tab's snippets. */
export const SHARE_TITLES: Record<ShareVariant, string> = {
  page: 'Share page',
  page_annotations: 'Share page with annotations',
  pdf: 'Share PDF',
  image: 'Share image',
  note: 'Share note',
};

export interface ShareFacts {
  type_name: string;
  annotation_count: number;
}

/** The variant of an item, as the server picks it for the shared page (sharing/service.ts). */
export function variantOf(item: ShareFacts): ShareVariant {
  if (item.type_name === 'pdf' || item.type_name === 'image' || item.type_name === 'note')
    return item.type_name;
  return item.annotation_count > 0 || item.type_name === 'kindle' ? 'page_annotations' : 'page';
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Embed tab: the picture itself, or the shared page in a frame. */
export function embedSnippets(fileUrl: string, itemUrl: string, title: string) {
  return {
    image: `<img src="${escapeAttr(fileUrl)}" alt="${escapeAttr(title)}">`,
    iframe: `<iframe src="${escapeAttr(itemUrl)}" title="${escapeAttr(title)}" width="600" height="450"></iframe>`,
  };
}
