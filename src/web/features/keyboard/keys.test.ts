// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  isEditorTarget,
  isTypingTarget,
  type KeyPress,
  NO_SEQUENCE,
  readShortcut,
  SEQUENCE_MS,
  type SequenceState,
} from './keys.ts';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  timeStamp: 1000,
  ...over,
});

/** Presses keys in turn, 10 ms apart unless told; returns the commands they gave. */
function run(keys: (string | KeyPress)[]) {
  let state: SequenceState = NO_SEQUENCE;
  let at = 1000;
  return keys.map((k) => {
    at += 10;
    const p = typeof k === 'string' ? press(k, { timeStamp: at }) : k;
    at = p.timeStamp;
    const out = readShortcut(state, p);
    state = out.state;
    return out.command;
  });
}

describe('readShortcut', () => {
  it('maps the single keys', () => {
    expect(run(['j', 'k', 'o', 'e', 't', 'm', '?'])).toEqual([
      'next',
      'previous',
      'open',
      'edit',
      'tags',
      'markRead',
      'help',
    ]);
  });

  it('opens the palette with Ctrl+K and ⌘K, not with Alt or other letters', () => {
    expect(run([press('k', { ctrlKey: true }), press('K', { metaKey: true })])).toEqual([
      'palette',
      'palette',
    ]);
    expect(run([press('k', { ctrlKey: true, altKey: true }), press('j', { ctrlKey: true })])).toEqual([
      null,
      null,
    ]);
  });

  it('reads g l and g t as sequences, and t alone as tags', () => {
    expect(run(['g', 'l'])).toEqual([null, 'goLibrary']);
    expect(run(['g', 't'])).toEqual([null, 'goTags']);
    expect(run(['g', 'x', 't'])).toEqual([null, null, 'tags']);
  });

  it('forgets a g after the sequence time', () => {
    expect(run([press('g', { timeStamp: 5000 }), press('l', { timeStamp: 5000 + SEQUENCE_MS + 1 })])).toEqual(
      [null, null],
    );
  });

  it('ignores shifted letters and keys with modifiers', () => {
    expect(run(['J', press('e', { altKey: true }), press('m', { metaKey: true })])).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('isTypingTarget', () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild!;
  };

  it('is true in text fields, text areas, selects and editors', () => {
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    expect(isTypingTarget(make('<div contenteditable="true"><p>x</p></div>').firstElementChild)).toBe(true);
    expect(isTypingTarget(make('<div role="combobox"></div>'))).toBe(true);
  });

  it('is false on links, buttons, checkboxes and the page', () => {
    expect(isTypingTarget(make('<a href="/x">x</a>'))).toBe(false);
    expect(isTypingTarget(make('<button>x</button>'))).toBe(false);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('tells an editor from a plain field (Ctrl+K is the editor’s link key)', () => {
    expect(isEditorTarget(make('<div contenteditable="true"><p>x</p></div>').firstElementChild)).toBe(true);
    expect(isEditorTarget(make('<input>'))).toBe(false);
  });
});
