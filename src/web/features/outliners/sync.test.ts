import { describe, expect, it } from 'vitest';
import type { OutlinerEntry } from '../../api/outliners.ts';
import { OutlinerSync, type SyncCalls, type SyncStatus } from './sync.ts';

function recorder(failOn?: string) {
  const log: string[] = [];
  let next = 100;
  const calls: SyncCalls = {
    create: async (body) => {
      log.push(`create ${body.parent_id} ${body.after_id} ${body.text ?? ''}`);
      return { id: next++ } as OutlinerEntry;
    },
    edit: async (id, body) => {
      const line = `edit ${id} ${JSON.stringify(body)}`;
      log.push(line);
      if (failOn && line.includes(failOn)) throw new Error('refused');
    },
    remove: async (id) => {
      log.push(`remove ${id}`);
    },
  };
  return { log, calls };
}

describe('outliner autosave queue', () => {
  it('sends changes in order, naming new entries by the ids the server gave them', async () => {
    const { log, calls } = recorder();
    const statuses: SyncStatus['kind'][] = [];
    const sync = new OutlinerSync({
      calls,
      onStatus: (s) => statuses.push(s.kind),
      onFailure: () => {},
      onCreated: () => {},
    });
    sync.create('new-1', { parentId: 7, afterId: null });
    sync.type('new-1', { text: 'hello' });
    sync.create('new-2', { parentId: 'new-1', afterId: null });
    sync.move(8, { parentId: null, afterId: 'new-2' });
    sync.flush();
    sync.remove('new-2');
    await sync.drained();
    expect(log).toEqual([
      'create 7 null ',
      'edit 100 {"text":"hello"}',
      'create 100 null ',
      'edit 8 {"parent_id":null,"after_id":101}',
      'remove 101',
    ]);
    expect(statuses.at(-1)).toBe('saved');
    expect(sync.busy).toBe(false);
  });

  it('sends only the latest text typed, once', async () => {
    const { log, calls } = recorder();
    const sync = new OutlinerSync({ calls, onStatus: () => {}, onFailure: () => {}, onCreated: () => {} });
    sync.type(5, { text: 'h' });
    sync.type(5, { text: 'he' });
    sync.type(5, { note: 'n' });
    expect(sync.busy).toBe(true);
    sync.flush();
    await sync.drained();
    expect(log).toEqual(['edit 5 {"text":"he","note":"n"}']);
  });

  it('drops the rest after a refused call and asks for a reload', async () => {
    const { log, calls } = recorder('"parent_id":9');
    let reloads = 0;
    const statuses: SyncStatus['kind'][] = [];
    const sync = new OutlinerSync({
      calls,
      onStatus: (s) => statuses.push(s.kind),
      onFailure: () => reloads++,
      onCreated: () => {},
    });
    sync.move(1, { parentId: 9, afterId: null });
    sync.remove(2);
    await sync.drained();
    expect(reloads).toBe(1);
    expect(log).toEqual(['edit 1 {"parent_id":9,"after_id":null}']);
    expect(statuses).toContain('failed');
    expect(statuses.at(-1)).toBe('failed');
  });
});
