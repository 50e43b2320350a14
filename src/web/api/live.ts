import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateLibrary } from './items.ts';

/** Reconnects after a close only while fewer than this many errors happened (spec part 1 §4). */
const MAX_ERRORS = 2;
const RECONNECT_MS = 1000;

/**
 * Live item changes for the signed-in user: any message (cmd 3 removes, others add or update)
 * refreshes the library's queries, so every open tab shows the same library.
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
        `${scheme}://${window.location.host}/websocket?name=${encodeURIComponent(username)}`,
      );
      socket.onmessage = () => void invalidateLibrary(client);
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
