/** The guides of spec part 1 §2: reading (2 slides), library (2), reading0 (1). */
export type GuideId = 'reading' | 'library' | 'reading0';

/**
 * The cookie that remembers the library guide was shown (spec part 1 §3: cookies keep a library
 * guide flag), named like the reading guides' GUIDE_READING_1 and kept as long (1095 days).
 */
export const LIBRARY_GUIDE_COOKIE = 'GUIDE_LIBRARY';

export interface GuideSlide {
  title: string;
  text: string;
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
      title: 'Everything in one library',
      text: 'Bookmarks, PDFs, images, notes and Kindle highlights all land here, newest first.',
    },
    {
      title: 'Find anything again',
      text: 'Filter by type, tag or unread, or search with #tag, @site, "exact phrases", NOT and OR.',
    },
  ],
  reading0: [
    {
      title: 'Outline while you read',
      text: 'Open an outliner beside the page and drag highlights into it to build your notes as you go.',
    },
  ],
};
