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
  it('says the server has no Google client, and does nothing, when it is not configured', () => {
    const onClick = show(false);
    expect(button().textContent).toBe('Send to Google Drive (not configured)');
    expect(button().disabled).toBe(true);
    expect(button().title).toBe('Google Drive is not configured on this server.');
    act(() => button().click());
    expect(onClick).not.toHaveBeenCalled();
  });

  it('sends when the server has a Google client', () => {
    const onClick = show(true);
    expect(button().textContent).toBe('Send to Google Drive');
    act(() => button().click());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is the plain button while the status is still loading', () => {
    show(null);
    expect(button().textContent).toBe('Send to Google Drive');
  });
});
