import { useNavigate } from 'react-router';
import { groupApi, type Invitation, useGroupMutation } from '../../api/groups.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import styles from './Groups.module.css';
import { invitationText } from './words.ts';

/**
 * My Groups' pending invitations: who invited the user to which group, to accept (the group's page
 * opens) or decline there. Nothing shows without one.
 */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const accept = useGroupMutation(groupApi.acceptInvitation);
  const decline = useGroupMutation(groupApi.declineInvitation);
  if (invitations.length === 0) return null;
  const failed = (error: Error) => notify({ kind: 'error', text: error.message });
  return (
    <section className={styles.invitations} aria-labelledby="group-invitations">
      <h2 id="group-invitations" className={styles.invitationsTitle}>
        Invitations
      </h2>
      <ul className={styles.list}>
        {invitations.map((invitation) => {
          const name = invitation.group.displayName;
          const busy =
            (accept.isPending && accept.variables === invitation.invite_id) ||
            (decline.isPending && decline.variables === invitation.invite_id);
          return (
            <li key={invitation.invite_id} className={`${styles.row} ${styles.invitation}`}>
              <p className={styles.description}>{invitationText(invitation)}</p>
              <span className={styles.invitationActions}>
                <Button
                  variant="primary"
                  size="sm"
                  aria-label={`Accept the invitation to ${name}`}
                  disabled={busy}
                  busy={accept.isPending && accept.variables === invitation.invite_id}
                  onClick={() =>
                    accept.mutate(invitation.invite_id, {
                      onSuccess: (group) => void navigate(links.group(group.g_name)),
                      onError: failed,
                    })
                  }
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  aria-label={`Decline the invitation to ${name}`}
                  disabled={busy}
                  busy={decline.isPending && decline.variables === invitation.invite_id}
                  onClick={() => decline.mutate(invitation.invite_id, { onError: failed })}
                >
                  Decline
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
