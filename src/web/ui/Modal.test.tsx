// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testRoot } from '../../../test/helpers/dom.ts';
import { lazyNamed, OnFirstUse } from '../lib/lazy.tsx';
import { Modal } from './Modal.tsx';

let modalRoot: HTMLDivElement;
const dom = testRoot();

/** A dialog whose first field takes the focus as it mounts, as the add dialog's URL field does. */
function FieldDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal {...props} title="Add bookmark">
      {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
      <input aria-label="URL" autoFocus />
    </Modal>
  );
}
// loaded on first use, as the library's dialogs are (issue 14, Speed)
const LazyDialog = lazyNamed(async () => ({ FieldDialog }), 'FieldDialog');

function Harness({ lazy }: { lazy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add
      </button>
      {lazy ? (
        <OnFirstUse when={open}>
          <LazyDialog open={open} onOpenChange={setOpen} />
        </OnFirstUse>
      ) : (
        <FieldDialog open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

const opener = () => dom.container.querySelector('button')!;
const dialog = () => document.querySelector('[role="dialog"]');

async function openThenEscape() {
  opener().focus();
  await act(async () => opener().click());
  expect(dialog()).not.toBeNull();
  expect(document.activeElement?.getAttribute('aria-label')).toBe('URL');
  await act(async () => {
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
  });
  // Radix gives the focus back on a timer after the content unmounts
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(dialog()).toBeNull();
}

beforeEach(() => {
  // the shell's portal target: with it, a dialog's content commits together with the dialog
  modalRoot = document.createElement('div');
  modalRoot.id = 'modal-root';
  document.body.append(modalRoot);
});

afterEach(() => {
  modalRoot.remove();
});

describe('Modal: Escape gives the focus back to what opened it (issue 14, defect 6)', () => {
  it('a dialog mounted from the start', async () => {
    act(() => dom.root.render(<Harness lazy={false} />));
    await openThenEscape();
    expect(document.activeElement).toBe(opener());
  });

  it('a dialog loaded on first use, which mounts open with its field already focused', async () => {
    act(() => dom.root.render(<Harness lazy />));
    await openThenEscape();
    expect(document.activeElement).toBe(opener());
    // and again, now that it stays mounted
    await openThenEscape();
    expect(document.activeElement).toBe(opener());
  });
});
