// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../../test/helpers/dom.ts';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { PickForItemsModal } from './PickForItemsModal.tsx';

const dom = testRoot();
const item = (link_id: number, title: string) =>
  ({ link_id, title, url: `https://e.com/${link_id}` }) as ItemReply;

type Place = { id: number; name: string };
const PLACES: Place[] = [
  { id: 1, name: 'Reading' },
  { id: 2, name: 'Work' },
];

function render(items: ItemReply[], send: (place: Place, done: () => void) => void, onClose = vi.fn()) {
  act(() =>
    dom.root.render(
      <PickForItemsModal<Place>
        items={items}
        title="Send to place"
        verb="Send"
        nameOf={(p) => p.name}
        busy={false}
        send={send}
        onClose={onClose}
      >
        {(chosen, choose) =>
          PLACES.map((p) => (
            <button key={p.id} type="button" aria-pressed={chosen?.id === p.id} onClick={() => choose(p)}>
              {p.name}
            </button>
          ))
        }
      </PickForItemsModal>,
    ),
  );
  return onClose;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (text: string) =>
  [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;

describe('PickForItemsModal', () => {
  it('is closed without items', () => {
    render([], vi.fn());
    expect(dialog()).toBeNull();
  });

  it('names one item by its title, several by their count, and sends nothing until a place is chosen', () => {
    const send = vi.fn();
    render([item(7, 'A page')], send);
    expect(dialog()!.textContent).toContain('“A page”');
    expect(button('Send').disabled).toBe(true);
    act(() => button('Send').click());
    expect(send).not.toHaveBeenCalled();
    render([item(7, ''), item(8, 'B')], send);
    expect(dialog()!.textContent).toContain('2 items');
  });

  it('sends to the chosen place and closes, forgetting the choice, once the sending worked', () => {
    const send = vi.fn();
    const onClose = render([item(7, 'A page')], send);
    act(() => button('Work').click());
    expect(button('Work').getAttribute('aria-pressed')).toBe('true');
    act(() => button('Send to Work').click());
    expect(send).toHaveBeenCalledWith(PLACES[1], expect.any(Function));
    expect(onClose).not.toHaveBeenCalled();
    act(() => send.mock.calls[0]![1]());
    expect(onClose).toHaveBeenCalledOnce();
    expect(button('Work').getAttribute('aria-pressed')).toBe('false');
  });

  it('Cancel closes without sending', () => {
    const send = vi.fn();
    const onClose = render([item(7, 'A page')], send);
    act(() => button('Reading').click());
    act(() => button('Cancel').click());
    expect(send).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
