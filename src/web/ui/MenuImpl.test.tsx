// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../test/helpers/dom.ts';
import { MenuItem, RadixMenu } from './MenuImpl.tsx';

const dom = testRoot();
const menu = () => document.querySelector('[role="menu"]');
/** one turn of the event loop: the menu's layer starts listening for outside presses on the next */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RadixMenu opening on hover', () => {
  it('stays open when the trigger is pressed after the hover opened it', async () => {
    act(() =>
      dom.root.render(
        <RadixMenu
          trigger={<button type="button">Account</button>}
          openOnHover
          startOpen={false}
          pointerInside={false}
        >
          <MenuItem onSelect={() => {}}>Sign Out</MenuItem>
        </RadixMenu>,
      ),
    );
    const trigger = dom.container.querySelector('button')!;
    act(() => {
      trigger.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    });
    await vi.waitFor(() => expect(menu()).not.toBeNull(), { timeout: 15_000 });
    await act(nextTurn);
    act(() => {
      trigger.dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }),
      );
    });
    await act(nextTurn);
    expect(menu()).not.toBeNull();
  });
});
