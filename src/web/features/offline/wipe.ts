import { forgetKept } from './kept.ts';
import { forgetQueue } from './queue.ts';

/**
 * Sign-out on a shared device: every copy kept for reading offline, every shared file waiting and
 * every queued change goes, so nothing of the user is readable after. The app shell (no user data)
 * stays. Each part is tried even when another fails.
 */
export async function forgetOfflineData(): Promise<void> {
  const parts: Promise<unknown>[] = [forgetQueue(null)];
  if ('caches' in window) {
    const names = await caches.keys();
    parts.push(
      ...names
        .filter((name) => name.startsWith('folio-data-') || name === 'folio-share-inbox')
        .map((name) => caches.delete(name)),
    );
  }
  forgetKept();
  await Promise.allSettled(parts);
}
