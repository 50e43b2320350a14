import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GDRIVE_MSG, GDRIVE_RETURN_PARAM } from '../../../shared/schemas/drive-messages.ts';
import { googleDriveKey } from '../../api/drives.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';

/** Each return from Google's consent is announced once, though two pages' dialogs may be mounted. */
let announcedKey = '';

/**
 * Back from Google's consent (?google_drive=connected or failed): says how it went, refreshes the
 * connection status and takes the parameter out of the address.
 */
export function useGoogleDriveReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const result = params.get(GDRIVE_RETURN_PARAM);
    if (!result || done.current || announcedKey === location.key) return;
    done.current = true;
    announcedKey = location.key;
    notify(
      result === 'connected'
        ? { kind: 'done', text: GDRIVE_MSG.connected }
        : { kind: 'error', text: GDRIVE_MSG.connectFailed },
    );
    void queryClient.invalidateQueries({ queryKey: googleDriveKey });
    params.delete(GDRIVE_RETURN_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location, navigate, notify, queryClient]);
}
