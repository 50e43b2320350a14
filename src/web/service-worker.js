/*
 * Folio's service worker, served as /sw.js with scope / (scripts/vite-service-worker.ts writes the
 * build's FOLIO_BUILD = {version, files, listCalls} above this text). It keeps:
 * - the app shell: index.html and every file of the build, fetched at install into folio-shell-{version};
 *   a new build installs beside the old one and waits until the page's "Reload" says to take over;
 * - nothing of a user by itself: the page (features/offline/keeper.ts) writes the reader copies it
 *   keeps into folio-data-{user}, and this worker only answers from it when the network fails.
 * Sign-out deletes folio-data-* (features/offline/wipe.ts), so nothing readable outlives the session.
 */
/* global FOLIO_BUILD */
const SHELL = `folio-shell-${FOLIO_BUILD.version}`;
const SHELL_PAGE = '/index.html';
/** the library's list calls: offline, the kept items' list answers them (keeper.ts KEPT_LIST) */
const LIST_CALLS = FOLIO_BUILD.listCalls;
const KEPT_LIST = '/offline/kept-list';
/** where a shared file waits for the /share page (features/offline/share.ts reads it) */
const SHARE_INBOX = 'folio-share-inbox';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([SHELL_PAGE, ...FOLIO_BUILD.files])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('folio-shell-') && name !== SHELL)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// the page's "New version available — Reload" asks the waiting worker to take over
self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share') {
    event.respondWith(receiveSharedFiles(request));
    return;
  }
  if (request.method !== 'GET' || url.pathname === '/websocket') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkElse(request, () => caches.match(SHELL_PAGE)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  const isList = LIST_CALLS.includes(url.pathname);
  event.respondWith(
    networkElse(
      request,
      async () => (await fromCaches(request)) ?? (isList ? fromCaches(KEPT_LIST) : undefined),
    ),
  );
});

/** The network's answer; when there is none, the fallback's (or the network error again). */
async function networkElse(request, fallback) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await fallback();
    if (kept) return kept;
    throw error;
  }
}

async function fromCaches(request) {
  return (await caches.match(request, { ignoreVary: true })) ?? undefined;
}

/** Hashed build files never change: the shell's copy, else the network's (kept for next time). */
async function cacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

/**
 * The share sheet's POST (manifest share_target, multipart): the files wait in a cache for the
 * /share page, which uploads them through the usual upload calls once the user is signed in.
 */
async function receiveSharedFiles(request) {
  const form = await request.formData();
  const inbox = await caches.open(SHARE_INBOX);
  const files = form.getAll('files').filter((file) => typeof file !== 'string');
  await Promise.all(
    files.map((file, index) =>
      inbox.put(
        `/share-inbox/${index}`,
        new Response(file, {
          headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
        }),
      ),
    ),
  );
  const params = new URLSearchParams();
  for (const field of ['title', 'text', 'url']) {
    const value = form.get(field);
    if (typeof value === 'string' && value) params.set(field, value);
  }
  if (files.length > 0) params.set('files', String(files.length));
  return Response.redirect(`/share?${params}`, 303);
}
