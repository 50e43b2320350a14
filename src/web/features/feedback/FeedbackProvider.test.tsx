// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot, withQueryClient } from '../../../../test/helpers/dom.ts';
import { FeedbackProvider } from './FeedbackProvider.tsx';

const dom = testRoot();
const launcher = () => document.querySelector<HTMLButtonElement>('button[aria-label="Feedback"]')!;

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
  );
  await act(async () =>
    dom.root.render(
      withQueryClient(
        <FeedbackProvider>
          <p>page</p>
        </FeedbackProvider>,
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Feedback launcher', () => {
  it('stays the same element while pointed at and focused, so the click that follows lands on it', async () => {
    const standIn = launcher();
    await act(async () => {
      standIn.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      standIn.focus();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(launcher()).toBe(standIn);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('opens the form on a click', async () => {
    await act(async () => launcher().click());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), {
      timeout: 15_000,
    });
    expect(document.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe('Send us feedback');
  });
});
