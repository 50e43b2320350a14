import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { groupApi, useGroupMutation, useInvitation } from '../../api/groups.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { invitationText } from './words.ts';

/**
 * /groups/accept?token=: the link of an invitation mail, naming the group and who invited the user;
 * a signed-in user joins with one click.
 */
export function AcceptInvitePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { data: info, isPending } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const navigate = useNavigate();
  const invitation = useInvitation(token, me !== null);
  const accept = useGroupMutation(groupApi.accept);
  const [error, setError] = useState<string | null>(null);
  if (isPending) return null;
  return (
    <>
      <PageHeader title="Group invitation" />
      <StateBox icon={<Users size={28} aria-hidden="true" />}>
        {!me ? (
          <p>
            <Link to="/sign-in">Sign in</Link> (or <Link to="/sign-up">sign up</Link>), then open the
            invitation link again to join the group.
          </p>
        ) : (
          <>
            {invitation.data ? (
              <p>{invitationText(invitation.data)}</p>
            ) : invitation.isError ? (
              <p role="alert">{invitation.error.message}</p>
            ) : (
              <p>You have been invited to join a group.</p>
            )}
            <Button
              variant="primary"
              busy={accept.isPending}
              disabled={!token || invitation.isError}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (group) => void navigate(links.group(group.g_name)),
                  onError: (err) => setError(err.message),
                })
              }
            >
              Accept invitation
            </Button>
            {error ? <p role="alert">{error}</p> : null}
          </>
        )}
      </StateBox>
    </>
  );
}
