import type { LinkState } from '../../../shared/schemas/health.ts';

/** What a link's state is called (the reader's bar, the library rows). */
export const LINK_STATE_LABELS: Record<LinkState, string> = {
  unchecked: 'Link not checked yet',
  ok: 'Link works',
  redirected: 'The page moved',
  gone: 'The page is gone',
  unreachable: 'The site does not answer',
  changed: 'Changed since saved',
};

export const waybackUrl = (url: string) => `https://web.archive.org/web/*/${url}`;

export const healthText = {
  checkFailed: 'The link could not be checked.',
  updated: (reanchored: number, orphaned: number) =>
    orphaned
      ? `Copy updated: ${reanchored} highlight${reanchored === 1 ? '' : 's'} found, ${orphaned} left on the earlier copy.`
      : `Copy updated${reanchored ? `: ${reanchored} highlight${reanchored === 1 ? '' : 's'} found on it` : ''}.`,
  moved: 'Address updated.',
} as const;
