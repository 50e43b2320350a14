// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { NotificationProvider } from '../../ui/notifications/NotificationProvider.tsx';
import { ItemGrid } from './ItemGrid.tsx';
import { ItemRow } from './ItemRow.tsx';
import { Sidebar } from './Sidebar.tsx';
import { parseView } from './view.ts';

const dom = testRoot();

const item = (over: Partial<ItemReply> = {}) =>
  ({
    link_id: 5,
    type_name: 'bookmark',
    title: 'A page',
    url: 'https://example.org/',
    host: 'example.org',
    t_name: '',
    description: '',
    annotations: [],
    annotation_count: 0,
    readed: 1,
    private: 1,
    starred: 0,
    updated_at: 1_700_000_000,
    ouliner_id: [],
    thumbnail_url: '',
    download_url: '',
    note_content: '',
    canEdit: true,
    ...over,
  }) as ItemReply;

function row(it: ItemReply, onAction = vi.fn()) {
  act(() =>
    dom.root.render(
      <MemoryRouter>
        <ItemRow
          item={it}
          username="me"
          expanded
          layout="list"
          bulkMode={false}
          selected={false}
          ctx={{ signedIn: true }}
          tagHref={() => '/'}
          listQuery=""
          onToggleSelect={() => {}}
          onAction={onAction}
        />
      </MemoryRouter>,
    ),
  );
  return onAction;
}

const starButton = () => dom.container.querySelector<HTMLButtonElement>('button[aria-pressed]');

describe('the star on each item', () => {
  it('stars an unstarred item of the owner, and unstars a starred one', () => {
    const onAction = row(item());
    expect(starButton()!.getAttribute('aria-label')).toBe('Star');
    expect(starButton()!.getAttribute('aria-pressed')).toBe('false');
    act(() => starButton()!.click());
    expect(onAction).toHaveBeenCalledWith('star', expect.objectContaining({ link_id: 5 }));

    const again = row(item({ starred: 1 }));
    expect(starButton()!.getAttribute('aria-label')).toBe('Unstar');
    expect(starButton()!.getAttribute('aria-pressed')).toBe('true');
    act(() => starButton()!.click());
    expect(again).toHaveBeenCalledWith('unstar', expect.objectContaining({ link_id: 5 }));
  });

  it("is not offered on someone else's item", () => {
    row(item({ canEdit: false }));
    expect(starButton()).toBeNull();
  });

  it('sits on each image card too', () => {
    const onAction = vi.fn();
    act(() =>
      dom.root.render(
        withQueryClient(
          <MemoryRouter>
            <ItemGrid
              items={[item({ type_name: 'image' })]}
              username="me"
              bulkMode={false}
              selectedIds={[]}
              ctx={{ signedIn: true }}
              onToggleSelect={() => {}}
              onAction={onAction}
            />
          </MemoryRouter>,
        ),
      ),
    );
    act(() => starButton()!.click());
    expect(onAction).toHaveBeenCalledWith('star', expect.objectContaining({ link_id: 5 }));
  });
});

describe('the Starred filter in the sidebar', () => {
  it('links the owner to starred=yes and marks it current there', () => {
    const view = parseView(new URLSearchParams('starred=yes'));
    act(() =>
      dom.root.render(
        withQueryClient(
          <MemoryRouter>
            {/* the sidebar's saved searches notify */}
            <NotificationProvider>
              <Sidebar
                username="me"
                isOwner
                view={view}
                unreadTotal={0}
                relTags={[]}
                premium={false}
                hrefFor={(patch) => (patch.starred ? '/user/me?starred=yes' : '/user/me')}
              />
            </NotificationProvider>
          </MemoryRouter>,
        ),
      ),
    );
    const link = [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Starred');
    expect(link?.getAttribute('href')).toBe('/user/me?starred=yes');
    expect(link?.getAttribute('aria-current')).toBe('page');
  });
});
