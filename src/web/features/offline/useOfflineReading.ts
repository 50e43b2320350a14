import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsCalls } from '../../../shared/api/settings.ts';
import { call, whenUnanswered } from '../../api/client.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { keepForOffline } from './keeper.ts';
import { KEPT_CHANGED } from './kept.ts';
import { queueChange, sendQueue } from './queue.ts';
import { isQueueable } from './queue-logic.ts';
import { useControlled } from './service-worker.ts';

/** Copies are refreshed at most this often while the app stays open (and at each start, online). */
const KEEP_EVERY_MS = 10 * 60_000;

/**
 * Offline reading for the signed-in user, mounted once in the shell: the reader's changes made with
 * no network are queued (whenUnanswered) and sent when it returns, the server's answer then
 * replacing every provisional one; and the kept copies are refreshed in the background. Only with a
 * service worker in control: without one nothing could answer offline, so nothing is kept.
 */
export function useOfflineReading(user: string | null): void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const controlled = useControlled();
  useEffect(() => {
    if (!user || !controlled) return;
    whenUnanswered((definition, body) =>
      isQueueable(definition) ? queueChange(user, definition, body as Record<string, unknown>) : null,
    );
    let running = false;
    let lastKept = 0;
    const keep = async (force: boolean) => {
      if (running || !navigator.onLine || (!force && Date.now() - lastKept < KEEP_EVERY_MS)) return;
      running = true;
      try {
        const sent = await sendQueue(user);
        for (const message of sent.refused) {
          notify({ kind: 'error', text: `A change made offline was not saved: ${message}` });
        }
        if (sent.sent > 0 || sent.refused.length > 0) await queryClient.invalidateQueries();
        if (sent.stopped) return;
        const settings = await call(settingsCalls.load);
        const kept = await keepForOffline(user, settings.offlineItems);
        lastKept = Date.now();
        document.documentElement.dataset.offlineKept = String(kept);
      } catch {
        // the network went away meanwhile: the next "online" tries again
      } finally {
        running = false;
      }
    };
    const onOnline = () => void keep(true);
    const onKeptChanged = () => void keep(true);
    const timer = window.setInterval(() => void keep(false), KEEP_EVERY_MS);
    window.addEventListener('online', onOnline);
    window.addEventListener(KEPT_CHANGED, onKeptChanged);
    void keep(true);
    return () => {
      whenUnanswered(null);
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener(KEPT_CHANGED, onKeptChanged);
    };
  }, [user, controlled, queryClient, notify]);
}
