import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { SHAPE } from '../../../shared/schemas/values.ts';

/** What the side panel lists: text highlights and float notes, with their sticky notes. */
export const LISTED_SHAPES: number[] = [SHAPE.text, SHAPE.extension, SHAPE.floatNote];

/**
 * The document's highlights and notes in reading order: each by where it sits in the page (the
 * offset `placeOf` gives, null when it was not found there), those not found at the end.
 */
export function inReadingOrder(
  annotations: readonly AnnotationReply[],
  placeOf: (a: AnnotationReply) => number | null,
): { annotation: AnnotationReply; found: boolean }[] {
  return annotations
    .filter((a) => LISTED_SHAPES.includes(a.shape))
    .map((annotation) => ({ annotation, place: placeOf(annotation) }))
    .sort((a, b) => (a.place ?? Number.POSITIVE_INFINITY) - (b.place ?? Number.POSITIVE_INFINITY))
    .map(({ annotation, place }) => ({ annotation, found: place !== null }));
}
