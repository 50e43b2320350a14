import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveController, type AutosaveStatus, savedAtText, statusText } from './autosave.ts';

interface Deferred {
  resolve(): void;
  reject(err: Error): void;
}

/** An editor whose text the test types, and a server whose answers the test controls. */
function setup(opts: { baseline?: string; maxFailures?: number } = {}) {
  const editor = { text: opts.baseline ?? '' };
  const sent: string[] = [];
  const pending: Deferred[] = [];
  const statuses: AutosaveStatus[] = [];
  let mode: 'ok' | 'fail' | 'hold' = 'ok';
  const controller = new AutosaveController<{ text: string }>(
    {
      read: () => ({ text: editor.text }),
      save: (state) => {
        sent.push(state.text);
        if (mode === 'ok') return Promise.resolve();
        if (mode === 'fail') return Promise.reject(new Error('500'));
        return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
      },
      onStatus: (s) => statuses.push(s),
      now: () => new Date(2024, 0, 2, 9, 5, 7),
      ...(opts.maxFailures !== undefined ? { maxFailures: opts.maxFailures } : {}),
    },
    { text: opts.baseline ?? '' },
  );
  controller.start();
  return {
    editor,
    sent,
    pending,
    statuses,
    controller,
    setMode: (m: typeof mode) => {
      mode = m;
    },
  };
}

/** Lets the timers and the promises they start run. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AutosaveController', () => {
  it('saves every 1500 ms only when the content changed', async () => {
    const t = setup({ baseline: '<p></p>' });
    await advance(1500);
    expect(t.sent).toEqual([]); // untouched: never saved
    t.editor.text = '<p>a</p>';
    await advance(1499);
    expect(t.sent).toEqual([]);
    await advance(1);
    expect(t.sent).toEqual(['<p>a</p>']);
    await advance(4500);
    expect(t.sent).toEqual(['<p>a</p>']); // unchanged since the last save
    t.editor.text = '<p>ab</p>';
    await advance(1500);
    expect(t.sent).toEqual(['<p>a</p>', '<p>ab</p>']);
    expect(t.statuses.map(statusText)).toEqual([
      'Saving...',
      'Saved at 9:05:07',
      'Saving...',
      'Saved at 9:05:07',
    ]);
  });

  it('never starts a save while one is running, and keeps what was typed meanwhile dirty', async () => {
    const t = setup();
    t.setMode('hold');
    t.editor.text = 'one';
    await advance(1500);
    expect(t.sent).toEqual(['one']);
    t.editor.text = 'one two';
    await advance(6000);
    expect(t.sent).toEqual(['one']); // still running
    t.pending[0]!.resolve();
    await advance(0);
    expect(t.controller.dirty).toBe(true);
    t.setMode('ok');
    await advance(1500);
    expect(t.sent).toEqual(['one', 'one two']);
    expect(t.controller.dirty).toBe(false);
  });

  it('a failed save loses nothing: the same text is sent again on the next tick', async () => {
    const t = setup();
    t.setMode('fail');
    t.editor.text = 'keep me';
    await advance(1500);
    expect(t.statuses.at(-1)).toEqual({ kind: 'retrying', failures: 1 });
    t.setMode('ok');
    await advance(1500);
    expect(t.sent).toEqual(['keep me', 'keep me']);
    expect(t.statuses.at(-1)?.kind).toBe('saved');
  });

  it('stops after more than 20 failures in a row, and restart() resumes', async () => {
    const t = setup();
    t.setMode('fail');
    t.editor.text = 'x';
    await advance(1500 * 20);
    expect(t.sent).toHaveLength(20);
    expect(t.controller.stopped).toBe(false);
    await advance(1500);
    expect(t.sent).toHaveLength(21);
    expect(t.controller.stopped).toBe(true);
    expect(t.statuses.at(-1)).toEqual({ kind: 'stopped', failures: 21 });
    await advance(15000);
    expect(t.sent).toHaveLength(21); // no more automatic saves
    t.setMode('ok');
    t.controller.restart();
    await advance(0);
    expect(t.sent).toHaveLength(22);
    expect(t.controller.stopped).toBe(false);
  });

  it('a success resets the failure count', async () => {
    const t = setup({ maxFailures: 2 });
    t.setMode('fail');
    t.editor.text = 'a';
    await advance(3000);
    t.setMode('ok');
    await advance(1500);
    t.setMode('fail');
    t.editor.text = 'ab';
    await advance(3000);
    expect(t.controller.stopped).toBe(false);
  });

  it('pauses while an image uploads and saves once resumed', async () => {
    const t = setup();
    const resumeA = t.controller.pause();
    const resumeB = t.controller.pause();
    t.editor.text = 'typed during upload';
    await advance(6000);
    expect(t.sent).toEqual([]);
    resumeA();
    resumeA(); // a second call changes nothing
    await advance(1500);
    expect(t.sent).toEqual([]);
    resumeB();
    await advance(1500);
    expect(t.sent).toEqual(['typed during upload']);
  });

  it('flush saves at once when dirty (closing, tab hidden), after a running save', async () => {
    const t = setup();
    expect(await t.controller.flush()).toBe(true);
    expect(t.sent).toEqual([]);
    t.editor.text = 'a';
    t.setMode('hold');
    await advance(1500);
    t.editor.text = 'ab';
    const flushed = t.controller.flush();
    await advance(0);
    expect(t.sent).toEqual(['a']); // waits for the running save
    t.setMode('ok');
    t.pending[0]!.resolve();
    expect(await flushed).toBe(true);
    expect(t.sent).toEqual(['a', 'ab']);
  });

  it('flush with keepalive (pagehide) does not wait for a running save', async () => {
    const t = setup();
    t.setMode('hold');
    t.editor.text = 'a';
    await advance(1500);
    t.editor.text = 'ab';
    t.setMode('ok');
    await t.controller.flush({ keepalive: true });
    expect(t.sent).toEqual(['a', 'ab']);
  });

  it('dispose stops the timer', async () => {
    const t = setup();
    t.controller.dispose();
    t.editor.text = 'a';
    await advance(6000);
    expect(t.sent).toEqual([]);
  });
});

describe('savedAtText', () => {
  it('is H:MM:SS', () => {
    expect(savedAtText(new Date(2024, 0, 1, 14, 3, 9))).toBe('Saved at 14:03:09');
    expect(savedAtText(new Date(2024, 0, 1, 0, 0, 0))).toBe('Saved at 0:00:00');
  });
});
