import { useSyncExternalStore } from 'react';

/*
 * Registers /sw.js (scope /) and tells the page when a new version of the app is waiting:
 * the worker installs a new build in the background and takes over only when the user says Reload.
 */

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // only after Reload: the first worker claims the page without changing any code
    if (!waiting || reloading) return;
    reloading = true;
    window.location.reload();
  });
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const hadController = navigator.serviceWorker.controller !== null;
      if (registration.waiting && hadController) setWaiting(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
        });
      });
    })
    .catch(() => {
      // no worker (private mode, blocked storage): the app works online as before
    });
}

export function reloadToNewVersion(): void {
  waiting?.postMessage({ type: 'skip-waiting' });
}

/** The new version waiting for Reload, if any. */
export function useWaitingVersion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
  );
}

function onControllerChange(listener: () => void) {
  navigator.serviceWorker?.addEventListener('controllerchange', listener);
  return () => navigator.serviceWorker?.removeEventListener('controllerchange', listener);
}

/** Whether a service worker answers this page's requests (from its first install on). */
export function useControlled(): boolean {
  return useSyncExternalStore(onControllerChange, () => Boolean(navigator.serviceWorker?.controller));
}
