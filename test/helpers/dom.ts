import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, type ReactElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Types into a controlled field the way a user does, for component tests: React reads the value
 * through the prototype's setter (its own tracker would swallow a plain assignment) and listens to
 * the native input event, or change for a select.
 */
export function typeInto(field: Field, value: string): void {
  const proto =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

// React checks this flag to know that tests wrap their updates in act()
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** the element the root renders into, on the page for the test's length */
  readonly container: HTMLDivElement;
  readonly root: Root;
  /** unmounts the tree and starts a fresh root in the same container */
  remount(): void;
}

/**
 * A React root on a fresh container for every test of the calling file: it registers the hooks
 * that mount it before each test and unmount and remove it after.
 */
export function testRoot(): TestRoot {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    const mounted = root;
    if (mounted) act(() => mounted.unmount());
    container?.remove();
    root = null;
    container = null;
  });
  const mounted = <T>(value: T | null): T => {
    if (value === null) throw new Error('testRoot() is mounted only while a test runs');
    return value;
  };
  return {
    get container() {
      return mounted(container);
    },
    get root() {
      return mounted(root);
    },
    remount() {
      const old = mounted(root);
      act(() => old.unmount());
      root = createRoot(mounted(container));
    },
  };
}

/** `ui` inside its own query client; queries do not retry, so a failing call shows at once */
export function withQueryClient(
  ui: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
): ReactElement {
  return createElement(QueryClientProvider, { client }, ui);
}
