// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from './FeedbackProvider.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const launcher = () => document.querySelector<HTMLButtonElement>('button[aria-label="Feedback"]')!;

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FeedbackProvider>
          <p>page</p>
        </FeedbackProvider>
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
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
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(document.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe('Send us feedback');
  });
});
