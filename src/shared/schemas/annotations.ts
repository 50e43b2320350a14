import { z } from 'zod';
import { emptyToUndefined, id as idField, text } from './fields.ts';
import { type AnnotationShape, HIGHLIGHT_COLORS, SHAPE } from './values.ts';

export {
  type AnnotationShape,
  HIGHLIGHT_COLORS,
  HIGHLIGHT_OVER_QUOTA,
  type HighlightColor,
  SHAPE,
} from './values.ts';

export const ANNOTATION_SHAPES = Object.values(SHAPE) as AnnotationShape[];

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
  exact: text().min(1).max(ANNOTATION_CONTENT_MAX),
  prefix: text().max(200).optional(),
  suffix: text().max(200).optional(),
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
  location: text().max(50),
  page: text().max(50).optional(),
  /** the clipping's "Added on" text, as the device wrote it */
  added: text().max(100).optional(),
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
/**
 * Hypothesis stores a RangeSelector (XPaths into its own DOM) beside the quote and position; it
 * is accepted so its selectors can be posted as they are, and dropped: Folio anchors by text.
 */
const rangeSelector = z.object({
  type: z.literal('RangeSelector'),
  startContainer: z.string().max(2000).optional(),
  startOffset: z.number().int().min(0).optional(),
  endContainer: z.string().max(2000).optional(),
  endOffset: z.number().int().min(0).optional(),
});
const postedSelector = z
  .array(z.union([selectorPart, rangeSelector]))
  .max(5)
  .transform((parts) => parts.filter((p): p is SelectorPart => p.type !== 'RangeSelector'));
export type TextQuoteSelector = z.infer<typeof textQuoteSelector>;
export type TextPositionSelector = z.infer<typeof textPositionSelector>;
export type SelectorPart = z.infer<typeof selectorPart>;
export type AnnotationSelector = z.infer<typeof annotationSelector>;

export const stickyNoteReplySchema = z.object({
  id: z.number(),
  content: z.string(),
  link_id: z.number(),
  ann_id: z.number(),
  sMode: z.literal(2),
});
export type StickyNoteReply = z.infer<typeof stickyNoteReplySchema>;

/** Shapes a user makes (add_annotation); Kindle highlights only come from an import. */
export const ADDABLE_SHAPES = [
  SHAPE.text,
  SHAPE.floatNote,
  SHAPE.extension,
  SHAPE.attachedImage,
  SHAPE.pdfHighlight,
] as const;
/** Shapes that take one unit of the plan's highlight quota (Kindle highlights do not). */
export const QUOTA_SHAPES: readonly AnnotationShape[] = ADDABLE_SHAPES;

export const highlightColor = z.enum(HIGHLIGHT_COLORS, {
  error: 'color must be yellow, blue, green or pink.',
});

const annotationText = (what: string) =>
  text(`${what} is required.`)
    .trim()
    .min(1, { error: `${what} cannot be empty.` })
    .max(ANNOTATION_CONTENT_MAX, { error: `${what} is too long.` });

/** The anchor as a JSON string (what the reader posts) or as the array itself. */
export const selectorInput = z
  .union([text(), z.array(z.unknown())], { error: 'selector must be a JSON array of selectors.' })
  .transform((v, ctx): AnnotationSelector => {
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'selector is not valid JSON.' });
        return z.NEVER;
      }
    }
    const parsed = postedSelector.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'selector is not a valid anchor.' });
      return z.NEVER;
    }
    return parsed.data;
  });

const shapeField = z.union([z.number(), z.string()], { error: 'shape is required.' }).transform((v, ctx) => {
  const n = Number(v);
  if (!(ADDABLE_SHAPES as readonly number[]).includes(n) || (typeof v === 'string' && v.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'shape must be 0, 2, 5, 8 or 9.' });
    return z.NEVER;
  }
  return n as (typeof ADDABLE_SHAPES)[number];
});

/** The selector parts each shape needs to be found again. */
const REQUIRED_PARTS: Partial<Record<number, SelectorPart['type'][]>> = {
  [SHAPE.text]: ['TextQuoteSelector'],
  [SHAPE.pdfHighlight]: ['PageSelector', 'TextQuoteSelector'],
  [SHAPE.floatNote]: ['FloatPositionSelector'],
};

/** POST /annotation_mana/add_annotation */
export const addAnnotationSchema = z
  .object({
    link_id: idField('link_id'),
    shape: shapeField,
    content: annotationText('The annotation text'),
    color: z.preprocess(emptyToUndefined, highlightColor.default('yellow')),
    selector: z.preprocess(emptyToUndefined, selectorInput.nullish()),
  })
  .superRefine((data, ctx) => {
    // runs even when the selector itself was refused: then there is nothing more to say
    if (data.selector !== null && data.selector !== undefined && !Array.isArray(data.selector)) return;
    const have = new Set((data.selector ?? []).map((p) => p.type));
    const missing = (REQUIRED_PARTS[data.shape] ?? []).find((type) => !have.has(type));
    if (missing)
      ctx.addIssue({ code: 'custom', path: ['selector'], message: `selector needs a ${missing}.` });
  });
export type AddAnnotationInput = z.input<typeof addAnnotationSchema>;
export type AddAnnotationData = z.output<typeof addAnnotationSchema>;

/** POST /annotation_mana/change_annotation_color */
export const changeAnnotationColorSchema = z.object({
  ann_id: idField('ann_id'),
  link_id: idField('link_id'),
  color: highlightColor,
});
export type ChangeAnnotationColorInput = z.output<typeof changeAnnotationColorSchema>;
/** POST /annotation_mana/remove_annotation */
export const removeAnnotationSchema = z.object({ ann_id: idField('ann_id'), link_id: idField('link_id') });
export type RemoveAnnotationInput = z.output<typeof removeAnnotationSchema>;

const sMode = z.preprocess(
  emptyToUndefined,
  z
    .union([z.literal(2), z.literal('2')], { error: 'sMode must be 2.' })
    .optional()
    .transform(() => 2 as const),
);

/** POST /annotation_mana/post_sticky_note: adds the highlight's sticky note, or replaces its text. */
export const postStickyNoteSchema = z.object({
  sContent: annotationText('The sticky note'),
  link_id: idField('link_id'),
  ann_id: idField('ann_id'),
  sMode,
});
export type PostStickyNoteInput = z.output<typeof postStickyNoteSchema>;
/** POST /annotation_mana/edit_sticky_note */
export const editStickyNoteSchema = z.object({
  content: annotationText('The sticky note'),
  id: idField('id'),
  link_id: idField('link_id'),
});
export type EditStickyNoteInput = z.output<typeof editStickyNoteSchema>;
/** POST /annotation_mana/remove_sticky_note */
export const removeStickyNoteSchema = z.object({ id: idField('id'), link_id: idField('link_id') });
export type RemoveStickyNoteInput = z.output<typeof removeStickyNoteSchema>;

/** One annotation as every call returns it (spec part 1 §3). */
export const annotationReplySchema = z.object({
  id: z.number(),
  link_id: z.number(),
  shape: z.literal(ANNOTATION_SHAPES),
  content: z.string(),
  ann_md5: z.string(),
  extra: z.object({ color: highlightColor }),
  selector: annotationSelector.nullable(),
  stickyNotes: z.array(stickyNoteReplySchema),
  created_at: z.number(),
  /**
   * False for an imported highlight the server has not found on the page copy (none yet, or the
   * text is not there: an orphan, listed apart, never placed on other text); true otherwise.
   */
  anchored: z.boolean(),
});
export type AnnotationReply = z.infer<typeof annotationReplySchema>;

/** add_annotation: the annotation (the existing one when the same highlight was already made). */
export const addAnnotationReplySchema = z.object({
  code: z.literal(1),
  annotation: annotationReplySchema,
  /** false when this highlight already existed (nothing was added, no quota taken) */
  created: z.boolean(),
  annotation_count: z.number(),
});
export type AddAnnotationReply = z.infer<typeof addAnnotationReplySchema>;
export const changeAnnotationColorReplySchema = z.object({
  code: z.literal(1),
  annotation: annotationReplySchema,
});
export type ChangeAnnotationColorReply = z.infer<typeof changeAnnotationColorReplySchema>;
export const removeAnnotationReplySchema = z.object({
  code: z.literal(1),
  ann_id: z.number(),
  annotation_count: z.number(),
});
export type RemoveAnnotationReply = z.infer<typeof removeAnnotationReplySchema>;
export const stickyNoteChangeReplySchema = z.object({
  code: z.literal(1),
  stickyNote: stickyNoteReplySchema,
});
export type StickyNoteChangeReply = z.infer<typeof stickyNoteChangeReplySchema>;
export const removeStickyNoteReplySchema = z.object({ code: z.literal(1), id: z.number() });
export type RemoveStickyNoteReply = z.infer<typeof removeStickyNoteReplySchema>;
/** POST /item/import/kindle: what the import ADDED (0 and 0 when the file was imported before). */
export const kindleImportReplySchema = z.object({
  code: z.literal(1),
  /** new kindle items (books) */
  items: z.number(),
  /** new kindle highlights (shape 10), notes kept as their own annotation included */
  highlights: z.number(),
  /** notes added as the sticky note of the highlight they were written on */
  stickyNotes: z.number(),
});
export type KindleImportReply = z.infer<typeof kindleImportReplySchema>;

/** The most annotations one page of GET /api/annotations/list carries. */
export const ANNOTATION_PAGE_MAX = 200;

const pageNumber = (field: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${field} must be a number.` })
      .int(`${field} must be a whole number.`)
      .min(min, `${field} must be at least ${min}.`)
      .max(max, `${field} must be at most ${max}.`)
      .default(fallback),
  );

/**
 * GET /api/annotations/list: one page of an item's annotations in the library row's order (float
 * notes first, then oldest first), for 'Show N more annotation(s)' past the ones the row carries.
 */
export const listAnnotationsSchema = z.object({
  link_id: idField('link_id'),
  offset: pageNumber('offset', 0, 10_000_000, 0),
  limit: pageNumber('limit', 1, ANNOTATION_PAGE_MAX, 100),
});
export type ListAnnotationsInput = z.output<typeof listAnnotationsSchema>;

export const listAnnotationsReplySchema = z.object({
  annotations: z.array(annotationReplySchema),
  /** how many annotations the item has in all */
  total: z.number(),
});
export type ListAnnotationsReply = z.infer<typeof listAnnotationsReplySchema>;
