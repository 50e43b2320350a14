import { z } from 'zod';
import { linkId } from './items.ts';

/** Annotation shapes (spec part 1 §3). */
export const SHAPE = {
  text: 0,
  floatNote: 2,
  extension: 5,
  attachedImage: 8,
  pdfHighlight: 9,
  kindleHighlight: 10,
} as const;
export type AnnotationShape = (typeof SHAPE)[keyof typeof SHAPE];
export const ANNOTATION_SHAPES = Object.values(SHAPE) as AnnotationShape[];

export const HIGHLIGHT_COLORS = ['yellow', 'blue', 'green', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** The most text one annotation or sticky note may hold. */
export const ANNOTATION_CONTENT_MAX = 10_000;

/**
 * Where an annotation sits, as W3C Web Annotation selectors: a highlight keeps a quote (with the
 * text around it) and its character offsets in the reader text, so it can be found again when the
 * text moves or changes; a PDF highlight adds its page; a float note its place on the page; a
 * Kindle highlight its location in the book.
 */
export const textQuoteSelector = z.object({
  type: z.literal('TextQuoteSelector'),
  exact: z.string().min(1).max(ANNOTATION_CONTENT_MAX),
  prefix: z.string().max(200).optional(),
  suffix: z.string().max(200).optional(),
});
export const textPositionSelector = z.object({
  type: z.literal('TextPositionSelector'),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
/** a PDF page (1-based); quote and position are then within that page's text */
export const pageSelector = z.object({ type: z.literal('PageSelector'), page: z.number().int().min(1) });
/** a float note's place, as fractions (0..1) of the article's width and height */
export const floatPositionSelector = z.object({
  type: z.literal('FloatPositionSelector'),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export const kindleLocationSelector = z.object({
  type: z.literal('KindleLocationSelector'),
  location: z.string().max(50),
  page: z.string().max(50).optional(),
  /** the clipping's "Added on" text, as the device wrote it */
  added: z.string().max(100).optional(),
  /** 'highlight' or 'note' */
  kind: z.enum(['highlight', 'note']),
});
export const selectorPart = z.discriminatedUnion('type', [
  textQuoteSelector,
  textPositionSelector,
  pageSelector,
  floatPositionSelector,
  kindleLocationSelector,
]);
export const annotationSelector = z.array(selectorPart).max(5);
export type TextQuoteSelector = z.infer<typeof textQuoteSelector>;
export type TextPositionSelector = z.infer<typeof textPositionSelector>;
export type SelectorPart = z.infer<typeof selectorPart>;
export type AnnotationSelector = z.infer<typeof annotationSelector>;

export interface StickyNoteReply {
  id: number;
  content: string;
  link_id: number;
  ann_id: number;
  sMode: 2;
}

/** One annotation as every call returns it (spec part 1 §3). */
export interface AnnotationReply {
  id: number;
  link_id: number;
  shape: AnnotationShape;
  content: string;
  ann_md5: string;
  extra: { color: HighlightColor };
  selector: AnnotationSelector | null;
  stickyNotes: StickyNoteReply[];
  created_at: number;
}
