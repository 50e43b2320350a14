// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto } from '../../../../test/helpers/dom.ts';
import { StickyNoteEditor } from './StickyNote.tsx';

const dom = testRoot();
const onSave = vi.fn();
const onCancel = vi.fn();

function render(initial: string, busy = false) {
  act(() =>
    dom.root.render(
      <StickyNoteEditor initial={initial} busy={busy} error={null} onSave={onSave} onCancel={onCancel} />,
    ),
  );
  return dom.container.querySelector('textarea')!;
}

const key = (field: HTMLTextAreaElement, init: KeyboardEventInit) =>
  act(() => {
    field.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });
const blur = (field: HTMLTextAreaElement) =>
  act(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));

beforeEach(() => {
  onSave.mockReset();
  onCancel.mockReset();
});

describe('StickyNoteEditor', () => {
  it('saves the trimmed text on Enter, once, even when the field then loses focus', () => {
    const field = render('');
    expect(document.activeElement).toBe(field);
    typeInto(field, '  Plant the beans  ');
    key(field, { key: 'Enter' });
    blur(field);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Plant the beans');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps Shift+Enter for a new line', () => {
    const field = render('');
    typeInto(field, 'one');
    key(field, { key: 'Enter', shiftKey: true });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves when the field loses focus', () => {
    const field = render('old text');
    typeInto(field, 'new text');
    blur(field);
    expect(onSave).toHaveBeenCalledWith('new text');
  });

  it('cancels on Escape without saving, and the blur after it saves nothing', () => {
    const field = render('old text');
    typeInto(field, 'changed');
    key(field, { key: 'Escape' });
    blur(field);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('closes without a call when the text is empty or unchanged', () => {
    const field = render('same');
    key(field, { key: 'Enter' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    dom.remount();
    const empty = render('');
    typeInto(empty, '   ');
    blur(empty);
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('can save again after a failed save', () => {
    const field = render('');
    typeInto(field, 'first try');
    key(field, { key: 'Enter' });
    render('', true);
    render('', false);
    key(field, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
