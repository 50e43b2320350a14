import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { urlOf } from '../../shared/api/define.ts';
import { liveCalls } from '../../shared/api/live.ts';
import type { OutlinerLiveMessage } from '../../shared/schemas/outliners.ts';
import { applyLiveMessage, type LiveMessage } from './cache.ts';
import { queryKeys } from './keys.ts';
import { outlinerChanged } from './outliner-live.ts';
import { TAB_ID } from './outliners.ts';

/** Reconnects after a close only while fewer than this many errors happened (spec part 1 §4). */
const MAX_ERRORS = 2;
const RECONNECT_MS = 1000;

/**
 * Live item changes for the signed-in user, so every open tab shows the same library: each message
 * updates the cache precisely (api/cache.ts). Mounted once, in the shell, for as long as the user is
 * signed in: moving between pages keeps the one connection.
 */
export function useLiveItems(username: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!username) return;
    let socket: WebSocket | undefined;
    let errors = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(
        `${scheme}://${window.location.host}${urlOf(liveCalls.socket, { query: { name: username } })}`,
      );
      socket.onopen = () => document.documentElement.setAttribute('data-live', 'open');
      socket.onmessage = (event) => {
        let message: LiveMessage | OutlinerLiveMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveMessage | OutlinerLiveMessage;
        } catch {
          return;
        }
        // an outliner's change: its open editors in other tabs reload it, its list rows refresh
        if (message?.cmd === 'outliner') {
          if (typeof message.outliner_id !== 'number') return;
          if (message.tab !== TAB_ID) outlinerChanged(message.outliner_id);
          void client.invalidateQueries({ queryKey: queryKeys.outlinersRoot });
          return;
        }
        // a group's change (a share, a member joined or left): its pages refetch
        if ((message as { cmd?: unknown })?.cmd === 'group') {
          void client.invalidateQueries({ queryKey: queryKeys.groupsRoot });
          return;
        }
        if (typeof message?.link_id === 'number') void applyLiveMessage(client, message);
      };
      socket.onerror = () => {
        errors += 1;
      };
      socket.onclose = () => {
        if (!stopped && errors < MAX_ERRORS) timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [username, client]);
}
