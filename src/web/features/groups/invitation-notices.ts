import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useInvitations } from '../../api/groups.ts';
import { links } from '../../lib/links.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { invitationText } from './words.ts';

/* The shell's notices of group invitations: apart from My Groups' list, so every page does not load its styles. */

const NOTICED_KEY = 'folio.noticed-invitations';
/** ids kept: far more than anyone has pending at once */
const NOTICED_MAX = 100;
/** when the browser keeps no storage: this tab's memory */
let noticedHere: number[] = [];

function readNoticed(): number[] {
  try {
    const list = JSON.parse(localStorage.getItem(NOTICED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return noticedHere;
  }
}

function writeNoticed(ids: number[]) {
  noticedHere = ids.slice(-NOTICED_MAX);
  try {
    localStorage.setItem(NOTICED_KEY, JSON.stringify(noticedHere));
  } catch {
    // private mode or full storage: the tab's memory still holds them
  }
}

/**
 * A notification for each pending invitation the browser has not told of yet: at sign-in, and as
 * one arrives (the live 'invited' message refreshes the list). Its action opens My Groups, where
 * the invitation stays until it is answered.
 */
export function useInvitationNotices(signedIn: boolean) {
  const { data } = useInvitations(signedIn);
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    if (!data) return;
    const noticed = readNoticed();
    const fresh = data.filter((i) => !noticed.includes(i.invite_id));
    if (fresh.length === 0) return;
    writeNoticed([...noticed, ...fresh.map((i) => i.invite_id)]);
    for (const invitation of fresh) {
      notify({
        kind: 'done',
        text: invitationText(invitation),
        action: { label: 'Show invitations', onClick: () => void navigate(links.groups()) },
      });
    }
  }, [data, notify, navigate]);
}
