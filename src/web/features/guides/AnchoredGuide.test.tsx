// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../test/helpers/dom.ts';
import { AnchoredGuide } from './AnchoredGuide.tsx';
import type { GuideSlide } from './guides.ts';

const dom = testRoot();
const STEPS: GuideSlide[] = [
  { title: 'Save anything', text: 'Add saves.', anchor: '#add' },
  { title: 'Filters', text: 'Filter here.', anchor: '#filters' },
  { title: 'Find anything again', text: 'Search.', anchor: '#search' },
];

/** A control drawn on the page (happy-dom draws nothing: its box is given). */
function control(id: string): HTMLElement {
  const el = document.createElement('button');
  el.id = id;
  el.getClientRects = () => [new DOMRect(0, 0, 40, 20)] as unknown as DOMRectList;
  document.body.append(el);
  return el;
}

const dialog = () => document.querySelector('[role="dialog"]');
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;

afterEach(() => {
  for (const id of ['add', 'filters', 'search']) document.getElementById(id)?.remove();
});

describe('a guide at the controls', () => {
  it('leaves out a step whose control is not on the page, and marks the control of the step shown', async () => {
    const add = control('add');
    const search = control('search');
    const onClose = vi.fn();
    await act(async () => dom.root.render(<AnchoredGuide steps={STEPS} onClose={onClose} />));
    expect(dialog()?.textContent).toContain('Save anything');
    expect(dialog()?.textContent).toContain('1 of 2');
    expect(add.hasAttribute('data-guide-target')).toBe(true);

    await act(async () => button('Next').click());
    expect(dialog()?.textContent).toContain('Find anything again');
    expect(add.hasAttribute('data-guide-target')).toBe(false);
    expect(search.hasAttribute('data-guide-target')).toBe(true);
    await act(async () => button('Close').click());
    expect(onClose).toHaveBeenCalled();
  });

  it('shows nothing until a control appears (a guide asked for before the library has drawn)', async () => {
    await act(async () => dom.root.render(<AnchoredGuide steps={STEPS} onClose={() => {}} />));
    expect(dialog()).toBeNull();
    await act(async () => {
      control('filters');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(dialog()?.textContent).toContain('Filters');
    expect(dialog()?.textContent).not.toMatch(/\d of \d/);
  });
});
