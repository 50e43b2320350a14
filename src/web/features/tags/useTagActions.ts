import { useRenameTag } from '../../api/tags.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TAG_MESSAGES } from './messages.ts';

/** Where a delete was asked for: the spec words the two paths differently. */
export type DeleteSource = 'modal' | 'inline';

/**
 * Rename and delete through POST /tag_mana2/update_tags, each with its notification. Both resolve to
 * whether it worked, so callers can leave their busy state; any reply other than 1 is a failure.
 */
export function useTagActions() {
  const mutation = useRenameTag();
  const notify = useNotify();

  const call = async (oldTag: string, newTag: string): Promise<boolean> => {
    try {
      return (await mutation.mutateAsync({ oldTag, newTag })) === 1;
    } catch {
      return false;
    }
  };

  return {
    busy: mutation.isPending,
    async rename(oldTag: string, newTag: string): Promise<boolean> {
      const ok = await call(oldTag, newTag);
      notify(
        ok
          ? { kind: 'done', text: TAG_MESSAGES.renamed }
          : { kind: 'error', text: TAG_MESSAGES.renameFailed },
      );
      return ok;
    },
    async remove(tag: string, source: DeleteSource): Promise<boolean> {
      const ok = await call(tag, '');
      const text =
        source === 'modal'
          ? ok
            ? TAG_MESSAGES.deleted
            : TAG_MESSAGES.deleteFailed
          : ok
            ? TAG_MESSAGES.inlineDeleted(tag)
            : TAG_MESSAGES.inlineDeleteFailed(tag);
      notify({ kind: ok ? 'done' : 'error', text });
      return ok;
    },
  };
}
