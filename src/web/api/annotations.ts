import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AnnotationReply,
  AnnotationSelector,
  HighlightColor,
  ListAnnotationsReply,
  StickyNoteReply,
} from '../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../shared/schemas/items.ts';
import { type AnnotationShape, HIGHLIGHT_OVER_QUOTA } from '../../shared/schemas/values.ts';
import { patchCachedItems } from './cache.ts';
import { ApiError, api } from './client.ts';
import { queryKeys } from './keys.ts';

/** The server's refusal of a highlight past the plan's quota (spec part 2 §6). */
export function isHighlightOverQuota(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === HIGHLIGHT_OVER_QUOTA.status &&
    error.code === HIGHLIGHT_OVER_QUOTA.code
  );
}

export interface AddAnnotationInput {
  link_id: number;
  shape: AnnotationShape;
  content: string;
  color: HighlightColor;
  selector: AnnotationSelector;
}
export interface ChangeColorInput {
  ann_id: number;
  link_id: number;
  color: HighlightColor;
}
export interface RemoveAnnotationInput {
  ann_id: number;
  link_id: number;
}
export interface PostStickyNoteInput {
  link_id: number;
  ann_id: number;
  sContent: string;
}
export interface EditStickyNoteInput {
  id: number;
  link_id: number;
  content: string;
}
export interface RemoveStickyNoteInput {
  id: number;
  link_id: number;
}

/** Replies may carry the changed annotation or sticky note; the cache uses them when they do. */
interface AnnotationCallReply {
  code: number;
  annotation?: AnnotationReply;
  stickyNote?: StickyNoteReply;
  sticky_note?: StickyNoteReply;
}

export const annotationCalls = {
  add: (input: AddAnnotationInput) =>
    api.post<{ code: number; annotation: AnnotationReply }>('/annotation_mana/add_annotation', input),
  changeColor: (input: ChangeColorInput) =>
    api.post<AnnotationCallReply>('/annotation_mana/change_annotation_color', input),
  remove: (input: RemoveAnnotationInput) =>
    api.post<AnnotationCallReply>('/annotation_mana/remove_annotation', input),
  postStickyNote: (input: PostStickyNoteInput) =>
    api.post<AnnotationCallReply>('/annotation_mana/post_sticky_note', { ...input, sMode: 2 }),
  editStickyNote: (input: EditStickyNoteInput) =>
    api.post<AnnotationCallReply>('/annotation_mana/edit_sticky_note', input),
  removeStickyNote: (input: RemoveStickyNoteInput) =>
    api.post<AnnotationCallReply>('/annotation_mana/remove_sticky_note', input),
};

type AnnotationsPatch = (annotations: AnnotationReply[]) => AnnotationReply[];

/** One item with its annotations changed; the count follows the list. */
export function patchItemAnnotations(item: ItemReply, patch: AnnotationsPatch): ItemReply {
  const annotations = patch(item.annotations);
  return { ...item, annotations, annotation_count: annotations.length };
}

export const annotationPatches = {
  added:
    (annotation: AnnotationReply): AnnotationsPatch =>
    (list) =>
      list.some((a) => a.id === annotation.id) ? list : [...list, annotation],
  replaced:
    (annotation: AnnotationReply): AnnotationsPatch =>
    (list) =>
      list.map((a) => (a.id === annotation.id ? annotation : a)),
  recolored:
    (annId: number, color: HighlightColor): AnnotationsPatch =>
    (list) =>
      list.map((a) => (a.id === annId ? { ...a, extra: { ...a.extra, color } } : a)),
  removed:
    (annId: number): AnnotationsPatch =>
    (list) =>
      list.filter((a) => a.id !== annId),
  noteAdded:
    (note: StickyNoteReply): AnnotationsPatch =>
    (list) =>
      list.map((a) =>
        a.id === note.ann_id && !a.stickyNotes.some((n) => n.id === note.id)
          ? { ...a, stickyNotes: [...a.stickyNotes, note] }
          : a,
      ),
  noteEdited:
    (noteId: number, content: string): AnnotationsPatch =>
    (list) =>
      list.map((a) =>
        a.stickyNotes.some((n) => n.id === noteId)
          ? { ...a, stickyNotes: a.stickyNotes.map((n) => (n.id === noteId ? { ...n, content } : n)) }
          : a,
      ),
  noteRemoved:
    (noteId: number): AnnotationsPatch =>
    (list) =>
      list.map((a) =>
        a.stickyNotes.some((n) => n.id === noteId)
          ? { ...a, stickyNotes: a.stickyNotes.filter((n) => n.id !== noteId) }
          : a,
      ),
};

/**
 * Applies a change to every cached copy of the item (its own query and each list holding it) so
 * the reader and the library rows redraw at once, then refetches lists (the Annotated filter,
 * search hits) and the user's counts (the quota) in the background.
 */
export async function applyAnnotationChange(
  client: QueryClient,
  linkId: number,
  patch: AnnotationsPatch | null,
) {
  if (patch) patchCachedItem(client, linkId, patch);
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.itemsRoot }),
    // exact: the reader copy below the item's key does not change with its annotations
    client.invalidateQueries({ queryKey: queryKeys.item(linkId), exact: true }),
    client.invalidateQueries({ queryKey: queryKeys.userInfo }),
  ]);
}

export function patchCachedItem(client: QueryClient, linkId: number, patch: AnnotationsPatch) {
  patchCachedItems(client, [linkId], (item) => patchItemAnnotations(item, patch));
}

function useAnnotationMutation<I extends { link_id: number }, O>(
  call: (input: I) => Promise<O>,
  patchFor: (input: I, reply: O) => AnnotationsPatch | null,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // the patch shows the change at once; the refetches behind it need not hold the caller up
    // (no patch: the reply lacks what the cache needs, so only refetch)
    onSuccess: (reply, input) => {
      void applyAnnotationChange(client, input.link_id, patchFor(input, reply));
    },
  });
}

export const useAddAnnotation = () =>
  useAnnotationMutation(annotationCalls.add, (_input, reply) => annotationPatches.added(reply.annotation));

export const useChangeAnnotationColor = () =>
  useAnnotationMutation(annotationCalls.changeColor, (input, reply) =>
    reply.annotation
      ? annotationPatches.replaced(reply.annotation)
      : annotationPatches.recolored(input.ann_id, input.color),
  );

export const useRemoveAnnotation = () =>
  useAnnotationMutation(annotationCalls.remove, (input) => annotationPatches.removed(input.ann_id));

export const usePostStickyNote = () =>
  useAnnotationMutation(annotationCalls.postStickyNote, (_input, reply) => {
    if (reply.annotation) return annotationPatches.replaced(reply.annotation);
    const note = reply.stickyNote ?? reply.sticky_note;
    return note ? annotationPatches.noteAdded(note) : null;
  });

export const useEditStickyNote = () =>
  useAnnotationMutation(annotationCalls.editStickyNote, (input) =>
    annotationPatches.noteEdited(input.id, input.content),
  );

export const useRemoveStickyNote = () =>
  useAnnotationMutation(annotationCalls.removeStickyNote, (input) => annotationPatches.noteRemoved(input.id));

/** Annotations one 'Show N more annotation(s)' loads. */
export const ANNOTATION_PAGE_SIZE = 100;

/**
 * An item's annotations in the library row's order, a page at a time (GET /api/annotations/list),
 * once `enabled` (the reader asked for more than the row carries).
 */
export function useAnnotationPages(linkId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.annotationPages(linkId),
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<ListAnnotationsReply>(
        `/api/annotations/list?${new URLSearchParams({
          link_id: String(linkId),
          offset: String(pageParam),
          limit: String(ANNOTATION_PAGE_SIZE),
        })}`,
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.annotations.length, 0);
      return last.annotations.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
