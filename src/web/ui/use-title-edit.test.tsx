// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto } from '../../../test/helpers/dom.ts';
import { useTitleEdit } from './use-title-edit.ts';

const dom = testRoot();

function Title(props: { title: string; onRename: (title: string) => void }) {
  return <input aria-label="Title" {...useTitleEdit(props.title, props.onRename)} />;
}

const field = () => dom.container.querySelector('input')!;
const key = (name: string) =>
  act(() => {
    field().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });

function mount(title = 'Old') {
  const onRename = vi.fn();
  act(() => dom.root.render(<Title title={title} onRename={onRename} />));
  act(() => field().focus());
  return onRename;
}

describe('useTitleEdit', () => {
  it('saves a changed title once with Enter, trimmed, and leaves the field', () => {
    const onRename = mount();
    typeInto(field(), '  New  ');
    key('Enter');
    expect(onRename).toHaveBeenCalledOnce();
    expect(onRename).toHaveBeenCalledWith('New');
    expect(document.activeElement).not.toBe(field());
  });

  it('saves on leaving the field', () => {
    const onRename = mount();
    typeInto(field(), 'New');
    act(() => field().blur());
    expect(onRename).toHaveBeenCalledWith('New');
  });

  it('reverts with Escape, and keeps an empty or unchanged title', () => {
    const onRename = mount();
    typeInto(field(), 'New');
    key('Escape');
    expect(field().value).toBe('Old');
    act(() => field().focus());
    typeInto(field(), '   ');
    key('Enter');
    expect(field().value).toBe('Old');
    act(() => field().focus());
    key('Enter');
    expect(onRename).not.toHaveBeenCalled();
  });

  it('shows a title saved elsewhere while not editing', () => {
    mount();
    act(() => field().blur());
    act(() => dom.root.render(<Title title="Renamed" onRename={() => {}} />));
    expect(field().value).toBe('Renamed');
  });
});
