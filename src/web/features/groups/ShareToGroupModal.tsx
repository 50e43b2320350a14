import { GROUP_MSG } from '../../../shared/schemas/groups.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { failedShares, type Group, groupApi, useGroupMutation, useGroups } from '../../api/groups.ts';
import { links } from '../../lib/links.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PickForItemsModal } from '../library/modals/PickForItemsModal.tsx';
import styles from './Groups.module.css';

/**
 * Share to group (spec part 1 §2, §5, §8): pick one of the user's groups; nothing is sent without a
 * group and items. The notifications are the spec's words.
 */
export function ShareToGroupModal(props: { items: ItemReply[]; onClose: () => void }) {
  const notify = useNotify();
  const groups = useGroups(props.items.length > 0);
  const share = useGroupMutation((g: Group) =>
    groupApi.shareTo(
      g.g_name,
      props.items.map((i) => i.link_id),
    ),
  );
  const send = (target: Group, done: () => void) =>
    share.mutate(target, {
      onSuccess: (reply) => {
        const failed = failedShares(reply);
        notify(
          failed > 0
            ? { kind: 'error', text: GROUP_MSG.someFailed(failed, target.displayName) }
            : { kind: 'done', text: GROUP_MSG.shared(target.displayName) },
        );
        done();
      },
      onError: () => notify({ kind: 'error', text: GROUP_MSG.shareError(target.displayName) }),
    });
  const list = groups.data ?? [];
  return (
    <PickForItemsModal<Group>
      items={props.items}
      title="Share to group"
      verb="Share"
      nameOf={(g) => g.displayName}
      busy={share.isPending}
      send={send}
      onClose={props.onClose}
    >
      {(chosen, choose) =>
        groups.isPending ? null : list.length === 0 ? (
          <p>
            You have no group yet. <a href={links.groups()}>Create one in My Groups</a>.
          </p>
        ) : (
          <div role="radiogroup" aria-label="Groups" className={styles.members}>
            {list.map((g) => (
              <label key={g.group_id} className={styles.member}>
                <span>
                  <input
                    type="radio"
                    name="share-group"
                    checked={chosen?.group_id === g.group_id}
                    onChange={() => choose(g)}
                  />{' '}
                  {g.displayName}
                </span>
                <span className={styles.meta}>{g.g_name}</span>
              </label>
            ))}
          </div>
        )
      }
    </PickForItemsModal>
  );
}
