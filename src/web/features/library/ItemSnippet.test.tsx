// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { testRoot } from '../../../../test/helpers/dom.ts';
import { ItemSnippet } from './ItemSnippet.tsx';

const dom = testRoot();

describe('a full-text hit’s snippet', () => {
  it('shows the page text around the match with the matched words marked', () => {
    act(() =>
      dom.root.render(
        <ItemSnippet
          parts={[
            { text: 'the ', mark: false },
            { text: 'zymurgical', mark: true },
            { text: ' gardener <b>', mark: false },
          ]}
        />,
      ),
    );
    expect(dom.container.textContent).toBe('the zymurgical gardener <b>');
    expect([...dom.container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['zymurgical']);
    expect(dom.container.querySelector('b')).toBeNull();
  });
});
