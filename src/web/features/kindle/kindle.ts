import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';

/** The file a Kindle keeps every highlight and note in, in its documents folder. */
export const CLIPPINGS_FILE_NAME = 'My Clippings.txt';

export const kindleText = {
  title: 'Import Kindle highlights',
  notText: "Please choose a text file: your Kindle's 'My Clippings.txt'.",
  empty: 'This file is empty.',
  tooLarge: (mb: number) => `This file is too large: at most ${mb} MB.`,
  nothingNew: 'Nothing new: every highlight in this file is already in your library.',
} as const;

/** Checks the chosen file before it is sent; the error to show, or null when it may go. */
export function clippingsFileError(file: { name: string; size: number; type: string }, maxBytes: number) {
  const textLike = file.type === '' || file.type.startsWith('text/');
  if (!/\.txt$/i.test(file.name) || !textLike) return kindleText.notText;
  if (file.size === 0) return kindleText.empty;
  if (file.size > maxBytes) return kindleText.tooLarge(Math.floor(maxBytes / (1024 * 1024)));
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'N books and M highlights imported' (and the notes), or nothing-new when the file added nothing. */
export function importResultText(result: {
  items: number;
  highlights: number;
  stickyNotes?: number;
}): string {
  const notes = result.stickyNotes ?? 0;
  if (result.items === 0 && result.highlights === 0 && notes === 0) return kindleText.nothingNew;
  const text = `${plural(result.items, 'book', 'books')} and ${plural(result.highlights, 'highlight', 'highlights')} imported`;
  return notes > 0 ? `${text}, with ${plural(notes, 'note', 'notes')}` : text;
}

export interface KindlePlace {
  location: string;
  page: string;
  added: string;
  kind: 'highlight' | 'note';
}

/** Where in the book a Kindle highlight sits, from its KindleLocationSelector. */
export function kindlePlace(annotation: AnnotationReply): KindlePlace | null {
  const part = annotation.selector?.find((s) => s.type === 'KindleLocationSelector');
  if (part?.type !== 'KindleLocationSelector') return null;
  return { location: part.location, page: part.page ?? '', added: part.added ?? '', kind: part.kind };
}

/** The first number of a location such as '1406-1409'; places without one sort last. */
export function locationStart(location: string): number {
  const match = /\d+/.exec(location);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** Book order: by location, then by when each was added, so a note follows its highlight. */
export function inLocationOrder(annotations: readonly AnnotationReply[]): AnnotationReply[] {
  const start = (a: AnnotationReply) => {
    const place = kindlePlace(a);
    return place ? locationStart(place.location) : Number.POSITIVE_INFINITY;
  };
  return [...annotations].sort((a, b) => start(a) - start(b) || a.created_at - b.created_at || a.id - b.id);
}

/** 'Location 1406-1409 · Page 12 · Added on Monday, 5 May 2025 10:01:02' from what the clipping had. */
export function placeLabel(place: KindlePlace): string {
  return [
    place.page ? `Page ${place.page}` : '',
    place.location ? `Location ${place.location}` : '',
    place.added ? `Added on ${place.added}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
