// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot, typeInto } from '../../../../test/helpers/dom.ts';
import { PageSizeSelect, SortSelect } from './ListSelects.tsx';

const dom = testRoot();
const select = () => dom.container.querySelector('select')!;

describe('SortSelect and PageSizeSelect', () => {
  it('sits in its visible label and reports the chosen sort', () => {
    const onChange = vi.fn();
    act(() =>
      dom.root.render(<SortSelect label="Sort" labelClassName="field" value="updated" onChange={onChange} />),
    );
    const label = dom.container.querySelector('label')!;
    expect(label.className).toBe('field');
    expect(label.textContent).toBe('SortUpdatedCreatedTitle');
    expect([...select().options].map((o) => o.value)).toEqual(['updated', 'created', 'title']);
    typeInto(select(), 'title');
    expect(onChange).toHaveBeenCalledWith('title');
  });

  it('is named by aria-label without a visible label', () => {
    act(() => dom.root.render(<SortSelect aria-label="Sort results" value="title" onChange={() => {}} />));
    expect(dom.container.querySelector('label')).toBeNull();
    expect(select().getAttribute('aria-label')).toBe('Sort results');
    expect(select().value).toBe('title');
  });

  it('offers the page sizes and reports a number', () => {
    const onChange = vi.fn();
    act(() => dom.root.render(<PageSizeSelect label="Per page" value={24} onChange={onChange} />));
    expect([...select().options].map((o) => o.value)).toEqual(['24', '48', '96']);
    typeInto(select(), '96');
    expect(onChange).toHaveBeenCalledWith(96);
  });
});
