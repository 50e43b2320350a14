// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { useTagActions } from './useTagActions.ts';

/**
 * The notifications a user sees after renaming or deleting a tag, word for word from the spec
 * (part 1 §8, the double space before "fail" included): through the hook the pages use, so a
 * message picked for the wrong outcome or path fails here, not only a changed constant.
 */
const dom = testRoot();
let actions: ReturnType<typeof useTagActions>;
let calls: unknown[];
const realFetch = globalThis.fetch;

function Capture() {
  actions = useTagActions();
  return null;
}

/** The server's reply to /tag_mana2/update_tags: 1 when done; the request body is recorded. */
function answer(status: number, body: unknown) {
  globalThis.fetch = async (_url, init) => {
    calls.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

const shown = () =>
  [...dom.container.querySelectorAll('[role="status"], [role="alert"]')].map((card) => ({
    role: card.getAttribute('role'),
    text: card.textContent,
  }));

beforeEach(() => {
  calls = [];
  act(() =>
    dom.root.render(
      withQueryClient(createElement(NotificationProvider, null, createElement(Capture)), new QueryClient()),
    ),
  );
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('tag rename and delete notifications', () => {
  it.each([
    [
      'renaming',
      () => actions.rename('web', 'www'),
      { old_tag: 'web', new: 'www' },
      'Tag changed successfully',
    ],
    [
      'deleting from the modal',
      () => actions.remove('web', 'modal'),
      { old_tag: 'web', new: '' },
      'Tag deleted successfully.',
    ],
    [
      'deleting inline',
      () => actions.remove('web', 'inline'),
      { old_tag: 'web', new: '' },
      'Delete tag web success.',
    ],
  ])('%s: says it worked when the server answers 1', async (_label, perform, sent, text) => {
    answer(200, 1);
    let ok: boolean | undefined;
    await act(async () => {
      ok = await perform();
    });
    expect(ok).toBe(true);
    expect(calls).toEqual([sent]);
    expect(shown()).toEqual([{ role: 'status', text }]);
  });

  it.each([
    ['renaming', () => actions.rename('web', 'www'), 'Tag changed failed'],
    ['deleting from the modal', () => actions.remove('web', 'modal'), 'Tag deleted failed.'],
    ['deleting inline', () => actions.remove('web', 'inline'), 'Delete tag web  fail.'],
  ])('%s: says it failed on any other reply, or an error', async (_label, perform, text) => {
    for (const [status, body] of [
      [200, 0],
      [500, { code: -1, message: 'boom' }],
    ] as const) {
      answer(status, body);
      let ok: boolean | undefined;
      await act(async () => {
        ok = await perform();
      });
      expect(ok).toBe(false);
      expect(shown().at(-1)).toEqual({ role: 'alert', text });
    }
  });
});
