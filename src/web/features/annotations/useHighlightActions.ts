import type { AnnotationReply, AnnotationSelector } from '../../../shared/schemas/annotations.ts';
import type { HighlightColor, SHAPE } from '../../../shared/schemas/values.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import {
  isHighlightOverQuota,
  useAddAnnotation,
  useChangeAnnotationColor,
  useEditStickyNote,
  usePostStickyNote,
  useRemoveAnnotation,
  useRemoveStickyNote,
} from '../../api/annotations.ts';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { ANNOTATION_MESSAGES } from './messages.ts';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_FAILURE);

/** What a highlighter's annotation layer does (the owner's here; a group's in features/groups). */
export type HighlightActions = ReturnType<typeof useHighlightActions>;

/**
 * What the highlighter does, with the spec's notifications. Adding checks the plan's quota first
 * (annotationPermission) and treats the server's quota refusal the same: `onOverQuota` opens the
 * Over quota dialog instead of a failure message.
 */
export function useHighlightActions(linkId: number, onOverQuota: () => void = () => {}) {
  const notify = useNotify();
  const userInfo = useUserInfo();
  const add = useAddAnnotation();
  const changeColor = useChangeAnnotationColor();
  const remove = useRemoveAnnotation();
  const postNote = usePostStickyNote();
  const editNote = useEditStickyNote();
  const removeNote = useRemoveStickyNote();

  const quotaLeft = () => {
    const info = userInfo.data;
    return !isSignedIn(info) || info.permissions.annPermission.annotationPermission;
  };

  /** Saves a highlight or float note; resolves to it, or null when refused or failed. */
  async function addAnnotation(input: {
    shape: typeof SHAPE.text | typeof SHAPE.floatNote | typeof SHAPE.pdfHighlight;
    content: string;
    color: HighlightColor;
    selector: AnnotationSelector;
  }): Promise<AnnotationReply | null> {
    if (!quotaLeft()) {
      onOverQuota();
      return null;
    }
    try {
      return (await add.mutateAsync({ link_id: linkId, ...input })).annotation;
    } catch (error) {
      if (isHighlightOverQuota(error)) onOverQuota();
      else notify({ kind: 'error', text: failure(error) });
      return null;
    }
  }

  async function recolor(annotation: AnnotationReply, color: HighlightColor) {
    if (annotation.extra.color === color) return;
    try {
      await changeColor.mutateAsync({ ann_id: annotation.id, link_id: linkId, color });
    } catch {
      notify({ kind: 'error', text: ANNOTATION_MESSAGES.colorFailed });
    }
  }

  async function removeAnnotation(annotation: AnnotationReply) {
    try {
      await remove.mutateAsync({ ann_id: annotation.id, link_id: linkId });
      notify({ kind: 'done', text: ANNOTATION_MESSAGES.deleteDone });
    } catch {
      notify({ kind: 'error', text: ANNOTATION_MESSAGES.deleteFailed });
    }
  }

  /**
   * Adds the highlight's sticky note, or changes one it has (`noteId`, else its first). True when
   * saved; `quiet` leaves telling a failure to the caller (the list's editor says it in place).
   */
  async function saveNote(
    annotation: AnnotationReply,
    content: string,
    opts: { noteId?: number | 'new'; quiet?: boolean } = {},
  ): Promise<boolean> {
    const existing =
      opts.noteId === 'new'
        ? undefined
        : (annotation.stickyNotes.find((n) => n.id === opts.noteId) ?? annotation.stickyNotes[0]);
    try {
      if (existing) await editNote.mutateAsync({ id: existing.id, link_id: linkId, content });
      else await postNote.mutateAsync({ ann_id: annotation.id, link_id: linkId, sContent: content });
      return true;
    } catch (error) {
      if (!opts.quiet) notify({ kind: 'error', text: failure(error) });
      return false;
    }
  }

  async function removeStickyNote(annotation: AnnotationReply, noteId?: number) {
    const note = annotation.stickyNotes.find((n) => n.id === noteId) ?? annotation.stickyNotes[0];
    if (!note) return;
    try {
      await removeNote.mutateAsync({ id: note.id, link_id: linkId });
      notify({ kind: 'done', text: ANNOTATION_MESSAGES.noteRemoved });
    } catch {
      notify({ kind: 'error', text: ANNOTATION_MESSAGES.noteRemoveFailed });
    }
  }

  const busy =
    add.isPending ||
    changeColor.isPending ||
    remove.isPending ||
    postNote.isPending ||
    editNote.isPending ||
    removeNote.isPending;

  return { addAnnotation, recolor, removeAnnotation, saveNote, removeStickyNote, busy };
}
