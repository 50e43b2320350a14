import { describe, expect, it } from 'vitest';
import { annotationCalls } from '../../../shared/api/annotations.ts';
import { itemCalls } from '../../../shared/api/items.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import {
  changedItemIds,
  isQueueable,
  keptItemPatch,
  namesRefusedHighlight,
  provisionalId,
  provisionalReply,
  type QueuedChange,
  serverIdOf,
  withServerId,
} from './queue-logic.ts';

const highlight: QueuedChange = {
  user: 'ada',
  path: annotationCalls.add.path,
  body: {
    link_id: 7,
    shape: 0,
    content: 'the horn sounded',
    color: 'green',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'the horn sounded' }]),
  },
  temp: -5,
};
const note: QueuedChange = {
  user: 'ada',
  path: annotationCalls.postStickyNote.path,
  body: { link_id: 7, ann_id: -5, sContent: 'fog', sMode: 2 },
  temp: -6,
};
const item = { link_id: 7, readed: 0, annotations: [], annotation_count: 0 } as unknown as ItemReply;

describe('the offline queue', () => {
  it('queues only the reader changes: a highlight, a sticky note, read or unread', () => {
    expect(isQueueable(annotationCalls.add)).toBe(true);
    expect(isQueueable(annotationCalls.postStickyNote)).toBe(true);
    expect(isQueueable(itemCalls.markRead)).toBe(true);
    expect(isQueueable(annotationCalls.remove)).toBe(false);
    expect(isQueueable(itemCalls.delete)).toBe(false);
  });

  it('gives provisional ids below zero, each new', () => {
    const a = provisionalId(1000);
    const b = provisionalId(1000);
    expect(a).toBeLessThan(0);
    expect(b).toBeLessThan(a);
  });

  it('answers a highlight as the server would, with its provisional id and parsed selector', () => {
    const reply = provisionalReply(highlight, 2_000_000) as { annotation: Record<string, unknown> };
    expect(reply.annotation).toMatchObject({
      id: -5,
      link_id: 7,
      content: 'the horn sounded',
      extra: { color: 'green' },
      selector: [{ type: 'TextQuoteSelector', exact: 'the horn sounded' }],
      created_at: 2000,
      stickyNotes: [],
    });
    expect(provisionalReply(note)).toMatchObject({ stickyNote: { id: -6, ann_id: -5, content: 'fog' } });
    const read: QueuedChange = {
      user: 'ada',
      path: itemCalls.markRead.path,
      body: { link_id: '7,8', readed: 1 },
    };
    expect(provisionalReply(read)).toEqual({ code: 1, link_ids: [7, 8] });
    expect(changedItemIds(read)).toEqual([7, 8]);
  });

  it("gives a sent highlight's server id to the sticky notes queued on it", () => {
    expect(serverIdOf(highlight, { annotation: { id: 41 } })).toBe(41);
    expect(serverIdOf(note, { stickyNote: { id: 9 } })).toBeNull();
    const [later] = withServerId([note], -5, 41);
    expect(later!.body.ann_id).toBe(41);
    expect(namesRefusedHighlight(later!)).toBe(false);
    // its highlight refused: the note still names the provisional id and cannot be sent
    expect(namesRefusedHighlight(note)).toBe(true);
  });

  it('writes a queued change into the kept copy the reader reads offline', () => {
    const added = keptItemPatch(highlight, provisionalReply(highlight))(item);
    expect(added.annotations.map((a) => a.id)).toEqual([-5]);
    expect(added.annotation_count).toBe(1);
    // the same highlight twice is kept once
    expect(keptItemPatch(highlight, provisionalReply(highlight))(added).annotations).toHaveLength(1);
    const noted = keptItemPatch(note, provisionalReply(note))(added);
    expect(noted.annotations[0]!.stickyNotes.map((n) => n.content)).toEqual(['fog']);
    const read: QueuedChange = {
      user: 'ada',
      path: itemCalls.markRead.path,
      body: { link_id: 7, readed: '1' },
    };
    expect(keptItemPatch(read, provisionalReply(read))(item).readed).toBe(1);
  });
});
