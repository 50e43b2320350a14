import { describe, expect, it } from 'vitest';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { NotificationInput } from '../../ui/notifications/NotificationProvider.tsx';
import { type ActionRuntime, performAction } from './actions.ts';
import { libraryText } from './messages.ts';

const item = (linkId: number, over: Partial<ItemReply> = {}) =>
  ({
    link_id: linkId,
    type_name: 'bookmark',
    readed: 1,
    private: 1,
    canEdit: true,
    url: `https://example.org/${linkId}`,
    download_url: '',
    ...over,
  }) as ItemReply;

/** A runtime that records what the actions asked for; `fail` makes the calls refuse. */
function recorder(fail = false) {
  const log: string[] = [];
  const shown: NotificationInput[] = [];
  const rt: ActionRuntime = {
    ctx: { signedIn: true },
    notify: (input) => {
      shown.push(input);
      return { update: (patch) => shown.push({ ...input, ...patch }), dismiss: () => {} };
    },
    markRead: async (ids, read) => {
      log.push(`markRead ${ids} ${read}`);
      if (fail) throw new Error('refused');
      return { link_ids: ids };
    },
    convertMode: async (ids, mode) => {
      log.push(`convert ${ids} ${mode}`);
      if (fail) throw new Error('refused');
    },
    star: async (ids, starred) => {
      log.push(`star ${ids} ${starred}`);
      if (fail) throw new Error('refused');
    },
    openEdit: (i) => log.push(`edit ${i.link_id}`),
    openDelete: (items) => log.push(`delete ${items.map((i) => i.link_id)}`),
    openReviseTags: (items) => log.push(`tags ${items.map((i) => i.link_id)}`),
    openAddToOutliner: (items) => log.push(`outliner ${items.map((i) => i.link_id)}`),
    openShare: (item) => log.push(`share ${item.link_id}`),
    openSendEmail: (items) => log.push(`mail ${items.map((i) => i.link_id)}`),
    openExport: (items) => log.push(`export ${items.map((i) => i.link_id)}`),
    openReport: (items) => log.push(`report ${items.map((i) => i.link_id)}`),
    go: (url, opts) => log.push(`go ${url}${opts?.newTab ? ' new tab' : ''}`),
  };
  return { rt, log, shown };
}

describe('performAction', () => {
  it('marks unread only the items it applies to, then says so', async () => {
    const { rt, log, shown } = recorder();
    await performAction('markUnread', [item(1), item(2, { type_name: 'image' }), item(3, { readed: 0 })], rt);
    expect(log).toEqual(['markRead 1 false']);
    expect(shown.map((s) => s.kind)).toEqual(['progress', 'done']);
    expect(shown.at(-1)!.text).toBe(libraryText.markedUnread);
  });

  it('stars only the unstarred items of a selection, and says when it fails', async () => {
    const { rt, log } = recorder();
    await performAction('star', [item(1), item(2, { starred: 1 })], rt);
    expect(log).toEqual(['star 1 true']);
    const failing = recorder(true);
    await performAction('unstar', [item(2, { starred: 1 })], failing.rt);
    expect(failing.shown.at(-1)).toMatchObject({ kind: 'error', text: libraryText.starFailed });
  });

  it('does nothing when no selected item allows the action', async () => {
    const { rt, log, shown } = recorder();
    await performAction('makePublic', [item(1, { private: 0 })], rt);
    expect(log).toEqual([]);
    expect(shown).toEqual([]);
  });

  it("a refused call shows the spec's failure message", async () => {
    const { rt, shown } = recorder(true);
    await performAction('markRead', [item(1, { readed: 0 })], rt);
    expect(shown.at(-1)).toMatchObject({ kind: 'error', text: libraryText.markFailed });
    await performAction('makePrivate', [item(2, { private: 0 })], rt);
    expect(shown.at(-1)).toMatchObject({ kind: 'error', text: libraryText.privacyFailed });
  });

  it('opens the dialogs and addresses the screen owns', async () => {
    const { rt, log } = recorder();
    await performAction('edit', [item(1)], rt);
    await performAction('delete', [item(1), item(2)], rt);
    await performAction('reviseTags', [item(2)], rt);
    await performAction('cachedPage', [item(4)], rt);
    await performAction('exportCsv', [item(1), item(2)], rt);
    expect(log).toEqual([
      'edit 1',
      'delete 1,2',
      'tags 2',
      `go /cached?url=${encodeURIComponent('https://example.org/4')} new tab`,
      'go /api/items/export.csv?link_id=1%2C2',
    ]);
  });
});
