import type { FetchMetaReply } from '../../../../shared/schemas/capture.ts';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { prefillTagInput, splitTName } from '../../../../shared/tags.ts';

export interface BookmarkDetails {
  title: string;
  tags: string;
  description: string;
  unread: boolean;
  private: boolean;
}

export const EMPTY_DETAILS: BookmarkDetails = {
  title: '',
  tags: '',
  description: '',
  unread: false,
  private: false,
};

/** What the user typed as a URL: trimmed, https:// added when no scheme was given. */
export function normaliseUrl(typed: string): string {
  const trimmed = typed.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The details form after Next: the page's metadata and recommended tags, or, when the URL is
 * already in the library, that item's own details (saving it again updates it, and must not
 * replace the user's tags with recommendations).
 */
export function detailsFrom(meta: FetchMetaReply, existing?: ItemReply | null): BookmarkDetails {
  if (existing) {
    return {
      title: existing.title || meta.title,
      tags: prefillTagInput(splitTName(existing.t_name)),
      description: existing.description || meta.description,
      unread: existing.readed === 0,
      private: existing.private === 1,
    };
  }
  return {
    ...EMPTY_DETAILS,
    title: meta.title,
    tags: prefillTagInput(meta.tags),
    description: meta.description,
  };
}
