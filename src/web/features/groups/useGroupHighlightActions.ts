import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { groupApi } from '../../api/groups.ts';
import { queryKeys } from '../../api/keys.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { ANNOTATION_MESSAGES } from '../annotations/messages.ts';
import type { HighlightActions } from '../annotations/useHighlightActions.ts';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_FAILURE);

/**
 * The highlighter's actions in a group's annotation layer (the same notifications as the owner's,
 * features/annotations): each call names the group; the sharer's item and annotations stay as they
 * are. After a change the group's queries refetch (the live message does the same in other tabs).
 */
export function useGroupHighlightActions(groupId: number, linkId: number): HighlightActions {
  const client = useQueryClient();
  const notify = useNotify();
  const run = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.groupsRoot }),
  });
  const attempt = async <T>(call: () => Promise<T>, failed?: string): Promise<T | null> => {
    try {
      return (await run.mutateAsync(call)) as T;
    } catch (error) {
      notify({ kind: 'error', text: failed ?? failure(error) });
      return null;
    }
  };

  return {
    addAnnotation: async (input) =>
      attempt(() => groupApi.addAnnotation(groupId, { link_id: linkId, ...input })),
    recolor: async (annotation, color) => {
      if (annotation.extra.color === color) return;
      await attempt(() => groupApi.recolor(groupId, annotation.id, color), ANNOTATION_MESSAGES.colorFailed);
    },
    removeAnnotation: async (annotation) => {
      const done = await attempt(
        () => groupApi.removeAnnotation(groupId, annotation.id),
        ANNOTATION_MESSAGES.deleteFailed,
      );
      if (done) notify({ kind: 'done', text: ANNOTATION_MESSAGES.deleteDone });
    },
    saveNote: async (annotation: AnnotationReply, content: string, opts: { quiet?: boolean } = {}) => {
      try {
        await run.mutateAsync(() => groupApi.stickyNote(groupId, annotation.id, content));
        return true;
      } catch (error) {
        if (!opts.quiet) notify({ kind: 'error', text: failure(error) });
        return false;
      }
    },
    removeStickyNote: async (annotation) => {
      const done = await attempt(
        () => groupApi.stickyNote(groupId, annotation.id, ''),
        ANNOTATION_MESSAGES.noteRemoveFailed,
      );
      if (done) notify({ kind: 'done', text: ANNOTATION_MESSAGES.noteRemoved });
    },
    busy: run.isPending,
  };
}
