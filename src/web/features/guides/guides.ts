/** The guides of spec part 1 §2: reading (2 slides), library (3 steps at its controls), reading0 (1). */
export type GuideId = 'reading' | 'library' | 'reading0';

/**
 * The cookie that remembers the library guide was shown in this browser (spec part 1 §3: cookies
 * keep a library guide flag), named like the reading guides' GUIDE_READING_1 and kept as long (1095
 * days). The account keeps it too (GET/POST /api/settings/guides), for every other browser.
 */
export const LIBRARY_GUIDE_COOKIE = 'GUIDE_LIBRARY';

export interface GuideSlide {
  title: string;
  text: string;
  /**
   * The control the step explains (a CSS selector): the step shows beside it. A step whose control
   * is not on the page (the sidebar lives in a drawer on a phone) is left out.
   */
  anchor?: string;
  /** where the step stands beside its control (below it unless told) */
  side?: 'bottom' | 'right';
}

export const GUIDES: Record<GuideId, GuideSlide[]> = {
  reading: [
    {
      title: 'Highlight as you read',
      text: 'Select text on any page you saved and pick yellow, blue, green or pink. Your highlights stay with the page.',
    },
    {
      title: 'Keep your thoughts beside the words',
      text: 'Add a sticky note to a highlight to remember why it mattered. Notes are private unless you share them.',
    },
  ],
  library: [
    {
      title: 'Save anything',
      text: 'Add saves a web page, a PDF, an image, a note or your Kindle highlights.',
      anchor: '[data-guide="add"]',
    },
    {
      title: 'Find anything again',
      text: 'Search words, #tags and @sites, with "exact phrases", NOT and OR.',
      anchor: '#library-search',
    },
    {
      title: 'Everything in one library',
      text: 'Bookmarks, PDFs, images, notes and Kindle highlights land here, newest first: filter them by type, tag or unread.',
      anchor: 'nav[aria-label="Library filters"]',
      side: 'right',
    },
  ],
  reading0: [
    {
      title: 'Outline while you read',
      text: 'Open an outliner beside the page and drag highlights into it to build your notes as you go.',
    },
  ],
};
