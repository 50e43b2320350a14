// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { testRoot } from '../../../test/helpers/dom.ts';
import { StepPager } from './StepPager.tsx';

const dom = testRoot();
const buttons = () => [...dom.container.querySelectorAll('button')];

describe('StepPager', () => {
  it('steps between pages, and cannot step past the first or the last', () => {
    let page = 1;
    const render = () =>
      act(() =>
        dom.root.render(
          <StepPager
            page={page}
            pageCount={3}
            onPage={(p) => {
              page = p;
            }}
          />,
        ),
      );
    render();
    expect(dom.container.textContent).toContain('Page 1 of 3');
    const [previous, next] = buttons();
    expect([previous!.disabled, next!.disabled]).toEqual([true, false]);
    act(() => next!.click());
    expect(page).toBe(2);
    page = 3;
    render();
    expect(buttons()[1]!.disabled).toBe(true);
    act(() => buttons()[0]!.click());
    expect(page).toBe(2);
  });

  it('is not there when everything fits on one page', () => {
    act(() => dom.root.render(<StepPager page={1} pageCount={1} onPage={() => {}} />));
    expect(dom.container.querySelector('nav')).toBeNull();
  });
});
