// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../test/helpers/dom.ts';
import { EmptyState, type StartKind } from './EmptyState.tsx';
import type { EmptyKind } from './empty-kind.ts';

const dom = testRoot();
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent);

async function render(kind: EmptyKind, isOwner = true) {
  const onStart = vi.fn<(kind: StartKind) => void>();
  await act(async () =>
    dom.root.render(
      <MemoryRouter>
        <EmptyState kind={kind} isOwner={isOwner} bookmarksHref="/user/a?filter=bookmark" onStart={onStart} />
      </MemoryRouter>,
    ),
  );
  return onStart;
}

describe('the empty library', () => {
  it('offers the ways to fill it (a bookmark, a PDF, Kindle highlights, another service), each opening its flow', async () => {
    const onStart = await render('default');
    expect(document.body.textContent).toContain('Whoops! No item yet');
    expect(buttons()).toEqual([
      'Add a bookmark',
      'Upload a PDF',
      'Import Kindle highlights',
      'Import from another service',
    ]);
    for (const button of document.querySelectorAll('button')) await act(async () => button.click());
    expect(onStart.mock.calls.map(([kind]) => kind)).toEqual(['bookmark', 'pdf', 'kindle', 'import']);
    // no link that leads nowhere
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it("offers nothing to a visitor of someone else's empty library", async () => {
    await render('default', false);
    expect(buttons()).toEqual([]);
  });

  it('keeps the kindle view to its import, and a filtered view to a bookmark', async () => {
    const onStart = await render('kindle');
    expect(buttons()).toEqual(['Import Kindle highlights']);
    await act(async () => document.querySelector('button')!.click());
    expect(onStart).toHaveBeenCalledWith('kindle');
    await render('items');
    expect(buttons()).toEqual(['Add a bookmark']);
  });
});
