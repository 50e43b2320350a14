import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { annotationCalls as calls } from '../../shared/api/annotations.ts';
import type { Call, CallArgs, CallReply } from '../../shared/api/define.ts';
import type { AnnotationReply, HighlightColor, StickyNoteReply } from '../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../shared/schemas/items.ts';
import { HIGHLIGHT_OVER_QUOTA } from '../../shared/schemas/values.ts';
import { patchCachedItems } from './cache.ts';
import { ApiError, call } from './client.ts';
import { queryKeys } from './keys.ts';

/** The server's refusal of a highlight past the plan's quota (spec part 2 §6). */
export function isHighlightOverQuota(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === HIGHLIGHT_OVER_QUOTA.status &&
    error.code === HIGHLIGHT_OVER_QUOTA.code
  );
}

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

/** A call about an item's annotations: its body names the item. */
type AnnotationCall = Call & { body: z.ZodType<unknown, { link_id: number | string }> };

function useAnnotationMutation<C extends AnnotationCall>(
  definition: C,
  patchFor: (input: z.input<C['body']>, reply: CallReply<C>) => AnnotationsPatch | null,
  /** fields every such call sends beside the caller's */
  fixed: object = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<C['body']>) =>
      call(definition, ...([{ body: { ...body, ...fixed } }] as unknown as CallArgs<C>)),
    // the patch shows the change at once; the refetches behind it need not hold the caller up
    // (no patch: the reply lacks what the cache needs, so only refetch)
    onSuccess: (reply, input) => {
      void applyAnnotationChange(client, Number(input.link_id), patchFor(input, reply));
    },
  });
}

export const useAddAnnotation = () =>
  useAnnotationMutation(calls.add, (_input, reply) => annotationPatches.added(reply.annotation));

export const useChangeAnnotationColor = () =>
  useAnnotationMutation(calls.changeColor, (_input, reply) => annotationPatches.replaced(reply.annotation));

export const useRemoveAnnotation = () =>
  useAnnotationMutation(calls.remove, (input) => annotationPatches.removed(Number(input.ann_id)));

/** Adds the highlight's sticky note, or replaces its text (sMode 2, as the original client sends). */
export const usePostStickyNote = () =>
  useAnnotationMutation(
    calls.postStickyNote,
    (_input, reply) => annotationPatches.noteAdded(reply.stickyNote),
    { sMode: 2 },
  );

export const useEditStickyNote = () =>
  useAnnotationMutation(calls.editStickyNote, (input) =>
    annotationPatches.noteEdited(Number(input.id), input.content),
  );

export const useRemoveStickyNote = () =>
  useAnnotationMutation(calls.removeStickyNote, (input) => annotationPatches.noteRemoved(Number(input.id)));

/** Annotations one 'Show N more annotation(s)' loads. */
export const ANNOTATION_PAGE_SIZE = 100;

/**
 * An item's annotations in the library row's order, a page at a time (annotationCalls.list),
 * once `enabled` (the reader asked for more than the row carries).
 */
export function useAnnotationPages(linkId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.annotationPages(linkId),
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call(calls.list, { query: { link_id: linkId, offset: pageParam, limit: ANNOTATION_PAGE_SIZE } }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.annotations.length, 0);
      return last.annotations.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
