import type { Call } from '../../../shared/api/define.ts';
import { itemCalls } from '../../../shared/api/items.ts';
import { ApiError, api } from '../../api/client.ts';
import { patchKeptCopies } from './keeper.ts';
import {
  changedItemIds,
  keptItemPatch,
  namesRefusedHighlight,
  provisionalId,
  provisionalReply,
  type QueuedChange,
  serverIdOf,
  withServerId,
} from './queue-logic.ts';

/*
 * The offline queue: the reader's changes made with no network wait in IndexedDB (database
 * folio-offline, store changes, in the order made) and are sent, in that order, when the network
 * returns. The server's rules decide each one: its answer wins (every query is refreshed after), and
 * a change it refuses is dropped and reported.
 */

const DB = 'folio-offline';
const STORE = 'changes';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(STORE, { keyPath: 'key', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function queuedChanges(user: string): Promise<QueuedChange[]> {
  const all = await inStore<QueuedChange[]>('readonly', (store) => store.getAll());
  return all.filter((change) => change.user === user);
}

/** Queues a call made with no answer and gives the page its provisional reply. */
export async function queueChange(
  user: string,
  definition: Call,
  body: Record<string, unknown>,
): Promise<unknown> {
  const change: QueuedChange = { user, path: definition.path, body };
  if (definition.path !== itemCalls.markRead.path) change.temp = provisionalId();
  await inStore('readwrite', (store) => store.add(change));
  const reply = provisionalReply(change);
  await patchKeptCopies(user, changedItemIds(change), keptItemPatch(change, reply));
  return reply;
}

/** Removes the queued changes of one user (sign-out), or of every user. */
export async function forgetQueue(user: string | null): Promise<void> {
  const all = await inStore<QueuedChange[]>('readonly', (store) => store.getAll());
  const mine = all.filter((change) => user === null || change.user === user);
  await Promise.all(mine.map((change) => inStore('readwrite', (store) => store.delete(change.key!))));
}

export interface SendResult {
  sent: number;
  /** the server's messages for the changes it refused */
  refused: string[];
  /** the network went away again: the rest waits */
  stopped: boolean;
}

/** Sends the user's queued changes in order; each sent or refused one leaves the queue. */
export async function sendQueue(user: string): Promise<SendResult> {
  let pending = await queuedChanges(user);
  const result: SendResult = { sent: 0, refused: [], stopped: false };
  while (pending.length > 0) {
    const [change, ...rest] = pending as [QueuedChange, ...QueuedChange[]];
    pending = rest;
    if (namesRefusedHighlight(change)) {
      result.refused.push('A sticky note on a highlight the server refused was not saved.');
    } else {
      try {
        const reply = await api.post(change.path, change.body);
        result.sent += 1;
        const id = serverIdOf(change, reply);
        if (id !== null) {
          pending = withServerId(pending, change.temp!, id);
          await Promise.all(pending.map((later) => inStore('readwrite', (store) => store.put(later))));
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) {
          result.stopped = true;
          return result;
        }
        result.refused.push(error instanceof Error ? error.message : String(error));
      }
    }
    await inStore('readwrite', (store) => store.delete(change.key!));
  }
  return result;
}
