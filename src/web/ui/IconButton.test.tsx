// @vitest-environment happy-dom
import * as Dialog from '@radix-ui/react-dialog';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const button = () => container.querySelector('button')!;

describe('IconButton', () => {
  it('is a plain button named by its label, with the label as tooltip', () => {
    const onClick = vi.fn();
    act(() =>
      root.render(<IconButton label="Dismiss" icon={<svg aria-hidden="true" />} onClick={onClick} />),
    );
    expect(button().type).toBe('button');
    expect(button().getAttribute('aria-label')).toBe('Dismiss');
    expect(button().title).toBe('Dismiss');
    act(() => button().click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('keeps its own tooltip when given one', () => {
    act(() => root.render(<IconButton label="Bold" title="Bold (Ctrl+B)" icon={null} aria-pressed />));
    expect(button().title).toBe('Bold (Ctrl+B)');
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it('takes the props of a Radix part that wraps it with asChild', () => {
    const onOpenChange = vi.fn();
    act(() =>
      root.render(
        <Dialog.Root open={false} onOpenChange={onOpenChange}>
          <Dialog.Trigger asChild>
            <IconButton label="Open" icon={null} />
          </Dialog.Trigger>
        </Dialog.Root>,
      ),
    );
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');
    act(() => button().click());
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });
});
