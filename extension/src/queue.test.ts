import { describe, expect, it } from 'vitest';
import { Refused, Unreachable } from './api.ts';
import { type NewHighlight, OfflineQueue, type QueuedHighlight } from './queue.ts';
import { memoryStore } from './storage.ts';

const highlight = (content: string): NewHighlight => ({
  url: 'https://news.example/a',
  title: 'A',
  color: 'yellow',
  content,
  selector: [{ type: 'TextQuoteSelector', exact: content }],
});

function queue() {
  let n = 0;
  return new OfflineQueue(memoryStore(), () => `h${++n}`);
}

describe('OfflineQueue', () => {
  it('keeps highlights across instances (the service worker restarts) and sends them in order', async () => {
    const store = memoryStore();
    await new OfflineQueue(store, () => 'one').add(highlight('first'));
    await new OfflineQueue(store, () => 'two').add(highlight('second'));
    const sent: string[] = [];
    const counts = await new OfflineQueue(store).flush(async (h) => {
      sent.push(h.content);
    });
    expect(sent).toEqual(['first', 'second']);
    expect(counts).toEqual({ waiting: 0, failed: 0 });
    expect(await new OfflineQueue(store).all()).toEqual([]);
  });

  it('stops at the first one Folio does not answer and keeps it and the rest, in order', async () => {
    const q = queue();
    for (const c of ['a', 'b', 'c']) await q.add(highlight(c));
    const tried: string[] = [];
    const counts = await q.flush(async (h) => {
      tried.push(h.content);
      if (h.content === 'b') throw new Unreachable('offline');
    });
    expect(tried).toEqual(['a', 'b']);
    expect(counts).toEqual({ waiting: 2, failed: 0 });
    expect((await q.all()).map((h) => h.content)).toEqual(['b', 'c']);
  });

  it('marks one Folio refuses as failed with its message, and goes on', async () => {
    const q = queue();
    await q.add(highlight('refused'));
    await q.add(highlight('fine'));
    const counts = await q.flush(async (h) => {
      if (h.content === 'refused') throw new Refused('Your highlight number is over quota', 402);
    });
    expect(counts).toEqual({ waiting: 0, failed: 1 });
    const [failed] = await q.all();
    expect(failed).toMatchObject({
      content: 'refused',
      state: 'failed',
      error: 'Your highlight number is over quota',
    });
    // a failed one is not sent again
    const again: QueuedHighlight[] = [];
    await q.flush(async (h) => {
      again.push(h);
    });
    expect(again).toEqual([]);
    await q.clearFailed();
    expect(await q.counts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('runs one round at a time, and keeps a highlight added during a round', async () => {
    const q = queue();
    await q.add(highlight('a'));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const sent: string[] = [];
    const send = async (h: QueuedHighlight) => {
      await gate;
      sent.push(h.content);
    };
    const first = q.flush(send);
    const second = q.flush(send);
    await q.add(highlight('late'));
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual(['a']);
    expect((await q.all()).map((h) => h.content)).toEqual(['late']);
  });
});
