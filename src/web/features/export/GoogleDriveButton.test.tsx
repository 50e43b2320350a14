// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../test/helpers/dom.ts';
import { GoogleDriveButton } from './GoogleDriveButton.tsx';

const dom = testRoot();
const button = () => dom.container.querySelector('button')!;

function show(configured: boolean | null, onClick = vi.fn()) {
  const status = configured === null ? undefined : { code: 1 as const, configured, connected: false };
  act(() =>
    dom.root.render(
      <GoogleDriveButton label="Send to Google Drive" status={status} disabled={false} onClick={onClick} />,
    ),
  );
  return onClick;
}

describe('GoogleDriveButton', () => {
  it('is not shown when the operator has not set Google Drive up', () => {
    show(false);
    expect(button()).toBeNull();
    expect(dom.container.textContent).not.toContain('Google Drive');
  });

  it('sends when the server has a Google client', () => {
    const onClick = show(true);
    expect(button().textContent).toBe('Send to Google Drive');
    act(() => button().click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is not shown while the status is still loading, so it never appears and vanishes', () => {
    show(null);
    expect(button()).toBeNull();
  });
});
