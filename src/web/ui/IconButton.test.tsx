// @vitest-environment happy-dom
import * as Dialog from '@radix-ui/react-dialog';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../test/helpers/dom.ts';
import { IconButton } from './IconButton.tsx';

const dom = testRoot();

const button = () => dom.container.querySelector('button')!;

describe('IconButton', () => {
  it('is a plain button named by its label, with the label as tooltip', () => {
    const onClick = vi.fn();
    act(() =>
      dom.root.render(<IconButton label="Dismiss" icon={<svg aria-hidden="true" />} onClick={onClick} />),
    );
    expect(button().type).toBe('button');
    expect(button().getAttribute('aria-label')).toBe('Dismiss');
    expect(button().title).toBe('Dismiss');
    act(() => button().click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('keeps its own tooltip when given one', () => {
    act(() => dom.root.render(<IconButton label="Bold" title="Bold (Ctrl+B)" icon={null} aria-pressed />));
    expect(button().title).toBe('Bold (Ctrl+B)');
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it('takes the props of a Radix part that wraps it with asChild', () => {
    const onOpenChange = vi.fn();
    act(() =>
      dom.root.render(
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
