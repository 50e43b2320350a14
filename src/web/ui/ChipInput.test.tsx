// @vitest-environment happy-dom
import { act, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testRoot, typeInto } from '../../../test/helpers/dom.ts';
import { ChipInput } from './ChipInput.tsx';

const dom = testRoot();

function Harness() {
  const [chips, setChips] = useState<string[]>(['first@example.com']);
  return <ChipInput label="To" chips={chips} onChange={setChips} />;
}

const chipTexts = () => [...dom.container.querySelectorAll('li')].map((li) => li.textContent);
const input = () => dom.container.querySelector('input')!;

const type = (text: string) => typeInto(input(), text);

function press(key: string) {
  act(() => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

beforeEach(() => {
  act(() => dom.root.render(<Harness />));
});

describe('ChipInput', () => {
  it('adds a chip on Enter and on Tab, and clears the input', () => {
    type('second@example.com');
    press('Enter');
    type('third@example.com');
    press('Tab');
    expect(chipTexts()).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
    expect(input().value).toBe('');
  });

  it('adds a chip when the input loses focus', () => {
    type('blur@example.com');
    act(() => input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(chipTexts()).toEqual(['first@example.com', 'blur@example.com']);
  });

  it('ignores duplicates and blanks', () => {
    type('FIRST@example.com');
    press('Enter');
    type('   ');
    press('Enter');
    expect(chipTexts()).toEqual(['first@example.com']);
  });

  it('removes the last chip on Backspace in an empty input only', () => {
    type('x');
    press('Backspace');
    expect(chipTexts()).toHaveLength(1);
    type('');
    press('Backspace');
    expect(chipTexts()).toEqual([]);
  });

  it('grows the input with the text: 30 px plus 11 px per character', () => {
    type('abcd');
    expect(input().style.width).toBe('74px');
  });
});
