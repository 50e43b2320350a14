import { createHash } from 'node:crypto';
import type {
  AnnotationReply,
  AnnotationSelector,
  AnnotationShape,
  HighlightColor,
  StickyNoteReply,
} from '../../../shared/schemas/annotations.ts';
import type { GroupAnnotation } from '../../../shared/schemas/groups.ts';
import { toSeconds } from '../../platform/clock.ts';
import type { GroupAnnotationRow } from './layer-repo.ts';
import type { AnnotationRow, StickyNoteRow } from './repo.ts';

type StickyPart = Pick<StickyNoteRow, 'id' | 'content'>;

export function presentStickyNote(row: StickyPart, itemId: number, annotationId: number): StickyNoteReply {
  return { id: Number(row.id), content: row.content, link_id: itemId, ann_id: annotationId, sMode: 2 };
}

/** An annotation as every call returns it; a group layer's row (no `anchored`) is placed. */
export function presentAnnotation(
  row: Omit<AnnotationRow, 'anchored'> & { anchored?: boolean | null },
  sticky: StickyPart[],
): AnnotationReply {
  return {
    id: row.id,
    link_id: row.itemId,
    shape: row.shape as AnnotationShape,
    content: row.content,
    ann_md5: row.annMd5,
    extra: { color: row.color as HighlightColor },
    selector: (row.selector as AnnotationSelector | null) ?? null,
    stickyNotes: sticky.map((s) => presentStickyNote(s, row.itemId, row.id)),
    created_at: toSeconds(row.createdAt)!,
    anchored: row.anchored !== false,
  };
}

/**
 * An annotation as a group's layer shows it, with its author's name: made in the layer (its author
 * changes it there), or the sharer's own (read-only there).
 */
export function presentInLayer(
  annotation: AnnotationReply,
  author: string,
  inLayer: boolean,
): GroupAnnotation {
  return { ...annotation, author, in_layer: inLayer };
}

/** An annotation of a group's layer: its one sticky note is kept in the row, under the annotation's id. */
export function presentLayerAnnotation(row: GroupAnnotationRow, author: string): GroupAnnotation {
  const sticky = row.note ? [{ id: row.id, content: row.note }] : [];
  return presentInLayer(presentAnnotation(row, sticky), author, true);
}

/** The sticky notes json_agg gave back (some drivers hand JSON over as text). */
export function stickyFromJson(value: unknown): StickyPart[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as StickyPart[]) : [];
}

/** JSON with keys sorted at every level, so one anchor always hashes alike. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** ann_md5: the same highlight made twice on one item is one annotation. */
export function annotationMd5(itemId: number, shape: number, selector: unknown, content: string): string {
  return md5(`${itemId}\n${shape}\n${stableJson(selector)}\n${content}`);
}

/** ann_md5 of an imported Kindle clipping: a file imported twice adds nothing twice. */
export function kindleMd5(book: string, location: string, kind: string, text: string): string {
  return md5(`kindle\n${book}\n${location}\n${kind}\n${text}`);
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
