import { annotationCalls } from '../../../shared/api/annotations.ts';
import type { Call } from '../../../shared/api/define.ts';
import { itemCalls } from '../../../shared/api/items.ts';
import type { AddAnnotationReply, StickyNoteChangeReply } from '../../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';

/**
 * A change made with no network, waiting on the device (queue.ts) until it can be sent. Only the
 * reader's changes are queued: a highlight, a sticky note, read or unread. The body is the call's
 * body as the page built it; `temp` is the provisional id a queued highlight was shown with.
 */
export interface QueuedChange {
  /** IndexedDB's key, in the order the changes were made */
  key?: number;
  user: string;
  path: string;
  body: Record<string, unknown>;
  temp?: number;
}

/** The calls a change may be queued for, by path. */
const QUEUED_CALLS: Call[] = [annotationCalls.add, annotationCalls.postStickyNote, itemCalls.markRead];

export function isQueueable(definition: Call): boolean {
  return QUEUED_CALLS.some(
    (queued) => queued.path === definition.path && queued.method === definition.method,
  );
}

let lastTemp = 0;
/** Provisional ids are negative (the server's are positive) and unique in this page. */
export function provisionalId(now = Date.now()): number {
  lastTemp = Math.min(lastTemp - 1, -now);
  return lastTemp;
}

/**
 * The reply the page gets for a queued change, shaped as the server's: the highlight or sticky note
 * with a provisional id, so the reader draws it at once. The server's own answer replaces it when the
 * queue is sent (every query is refreshed then).
 */
export function provisionalReply(change: QueuedChange, nowMs = Date.now()): unknown {
  const body = change.body;
  if (change.path === annotationCalls.add.path) {
    const reply: AddAnnotationReply = {
      code: 1,
      annotation: {
        id: change.temp!,
        link_id: Number(body.link_id),
        shape: Number(body.shape) as AddAnnotationReply['annotation']['shape'],
        content: String(body.content ?? ''),
        ann_md5: '',
        extra: { color: (body.color as AddAnnotationReply['annotation']['extra']['color']) ?? 'yellow' },
        selector: (typeof body.selector === 'string'
          ? JSON.parse(body.selector)
          : (body.selector ?? null)) as AddAnnotationReply['annotation']['selector'],
        stickyNotes: [],
        created_at: Math.floor(nowMs / 1000),
        anchored: true,
      },
      created: true,
      annotation_count: 0,
    };
    return reply;
  }
  if (change.path === annotationCalls.postStickyNote.path) {
    const reply: StickyNoteChangeReply = {
      code: 1,
      stickyNote: {
        id: change.temp!,
        content: String(body.sContent ?? ''),
        link_id: Number(body.link_id),
        ann_id: Number(body.ann_id),
        sMode: 2,
      },
    };
    return reply;
  }
  return { code: 1, link_ids: changedItemIds(change) };
}

/** The changes after a queued highlight got its server id: their references to it use that id. */
export function withServerId(changes: QueuedChange[], temp: number, id: number): QueuedChange[] {
  return changes.map((change) =>
    change.body.ann_id === temp ? { ...change, body: { ...change.body, ann_id: id } } : change,
  );
}

/** A change still naming a provisional highlight (its highlight was refused): it cannot be sent. */
export function namesRefusedHighlight(change: QueuedChange): boolean {
  return typeof change.body.ann_id === 'number' && change.body.ann_id < 0;
}

/** The server's id of a sent highlight, read from its add_annotation reply. */
export function serverIdOf(change: QueuedChange, reply: unknown): number | null {
  if (change.path !== annotationCalls.add.path || change.temp === undefined) return null;
  return (reply as AddAnnotationReply).annotation?.id ?? null;
}

/**
 * What a queued change does to the device's kept copy of its item (and the kept list's row), so
 * that the reader, which reads the kept copy again offline, keeps showing it until it is sent.
 */
export function keptItemPatch(change: QueuedChange, reply: unknown): (item: ItemReply) => ItemReply {
  if (change.path === annotationCalls.add.path) {
    const { annotation } = reply as AddAnnotationReply;
    return (item) =>
      item.annotations.some((a) => a.id === annotation.id)
        ? item
        : {
            ...item,
            annotations: [...item.annotations, annotation],
            annotation_count: item.annotation_count + 1,
          };
  }
  if (change.path === annotationCalls.postStickyNote.path) {
    const { stickyNote } = reply as StickyNoteChangeReply;
    return (item) => ({
      ...item,
      annotations: item.annotations.map((a) =>
        a.id === stickyNote.ann_id ? { ...a, stickyNotes: [...a.stickyNotes, stickyNote] } : a,
      ),
    });
  }
  const readed = Number(change.body.readed) === 1 ? 1 : 0;
  return (item) => ({ ...item, readed });
}

/** The items a queued change is about. */
export function changedItemIds(change: QueuedChange): number[] {
  return String(change.body.link_id ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
