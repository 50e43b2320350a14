// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../test/helpers/dom.ts';
import { Menu, MenuItem } from './Menu.tsx';

const dom = testRoot();

describe('Menu before its code has loaded', () => {
  it('keeps the pressed trigger until the click, then opens the menu', async () => {
    act(() =>
      dom.root.render(
        <Menu trigger={<button type="button">Account</button>}>
          <MenuItem onSelect={() => {}}>Sign Out</MenuItem>
        </Menu>,
      ),
    );
    const pressed = dom.container.querySelector('button')!;
    await act(async () => {
      pressed.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
      // the menu's code arrives while the button is down
      await import('./MenuImpl.tsx');
    });
    // swapped now, the press's focus would land on a removed button and close the menu it opened
    expect(pressed.isConnected).toBe(true);
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      pressed.click();
    });
    await vi.waitFor(() => expect(document.querySelector('[role="menu"]')).not.toBeNull(), {
      timeout: 15_000,
    });
    expect(document.querySelector('[role="menuitem"]')?.textContent).toBe('Sign Out');
  });
});
