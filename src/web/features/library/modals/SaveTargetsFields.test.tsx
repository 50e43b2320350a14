// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../../test/helpers/dom.ts';
import { queryKeys } from '../../../api/keys.ts';
import { SaveTargetsFields, saveTargetsPayload } from './SaveTargetsFields.tsx';

const dom = testRoot();

function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.outliners({ search: '', sort: '', order: '' }), [
    { id: 12, outliner_id: 12, title: 'Reading list' },
  ]);
  client.setQueryData(queryKeys.groups(), [{ group_id: 7, g_name: 'club', displayName: 'Book club' }]);
  return client;
}

describe('the save form’s lists and groups', () => {
  it('offers the user’s outliners and groups and reports the ones ticked', () => {
    const onChange = vi.fn();
    act(() =>
      dom.root.render(
        withQueryClient(
          <SaveTargetsFields value={{ lists: [], groups: [] }} onChange={onChange} />,
          seeded(),
        ),
      ),
    );
    expect(dom.container.textContent).not.toContain('not available yet');
    const boxes = [...dom.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    const byLabel = (text: string) => boxes.find((b) => b.closest('label')?.textContent === text)!;
    act(() => byLabel('Reading list').click());
    expect(onChange).toHaveBeenLastCalledWith({ lists: [12], groups: [] });
    act(() => byLabel('Book club').click());
    expect(onChange).toHaveBeenLastCalledWith({ lists: [], groups: [7] });
  });

  it('sends them as the form does: comma-joined ids, empty for none', () => {
    expect(saveTargetsPayload({ lists: [12, 13], groups: [] })).toEqual({ lists: '12,13', groups: '' });
  });
});
