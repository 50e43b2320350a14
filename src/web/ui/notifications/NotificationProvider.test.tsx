// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../test/helpers/dom.ts';
import { NOTIFICATION_RESUME_MS, NOTIFICATION_TIMEOUT_MS } from '../../../shared/limits.ts';
import { type NotificationHandle, NotificationProvider, useNotify } from './NotificationProvider.tsx';

// Tells React this environment runs act(); without it every update logs a warning.
const dom = testRoot();
let notify: ReturnType<typeof useNotify>;

function Capture() {
  notify = useNotify();
  return null;
}

const cards = () => [...dom.container.querySelectorAll('[role="status"], [role="alert"]')];

beforeEach(() => {
  vi.useFakeTimers();
  act(() =>
    dom.root.render(
      <NotificationProvider>
        <Capture />
      </NotificationProvider>,
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications', () => {
  it('turns a progress notification into done in place and removes it 5000 ms later', () => {
    let handle!: NotificationHandle;
    act(() => {
      handle = notify({ text: 'Saving...', kind: 'progress' });
    });
    expect(cards().map((c) => c.textContent)).toEqual(['Saving...']);
    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 2));
    expect(cards()).toHaveLength(1);

    act(() => handle.update({ text: '1 item saved to you Library.', kind: 'done' }));
    expect(cards()[0]?.textContent).toBe('1 item saved to you Library.');
    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS));
    expect(cards()).toHaveLength(0);
  });

  it('shows errors as alerts inside the live region', () => {
    act(() => {
      notify({ text: 'Mark failed.', kind: 'error' });
    });
    const [card] = cards();
    expect(card?.getAttribute('role')).toBe('alert');
    expect(card?.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('keeps a hovered notification and removes it 1000 ms after the pointer leaves', () => {
    act(() => {
      notify({ text: 'Tag changed successfully', kind: 'done' });
    });
    const card = cards()[0]!;
    act(() => card.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
    act(() => vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 2));
    expect(cards()).toHaveLength(1);
    act(() => card.dispatchEvent(new PointerEvent('pointerout', { bubbles: true })));
    act(() => vi.advanceTimersByTime(NOTIFICATION_RESUME_MS));
    expect(cards()).toHaveLength(0);
  });

  it('can be dismissed by its close button', () => {
    act(() => {
      notify({ text: 'Copied to clipboard!', kind: 'done' });
    });
    const close = dom.container.querySelector<HTMLButtonElement>(
      'button[aria-label="Dismiss notification"]',
    )!;
    act(() => close.click());
    expect(cards()).toHaveLength(0);
  });
});
