import { describe, expect, it } from 'vitest';
import { loadingOverlayVisible } from './name-hint.ts';

describe('loadingOverlayVisible', () => {
  it('shows while user info loads for a remembered user', () => {
    expect(loadingOverlayVisible('pending', 'reader1')).toBe(true);
  });

  it('hides when user info loads or fails', () => {
    expect(loadingOverlayVisible('success', 'reader1')).toBe(false);
    expect(loadingOverlayVisible('error', 'reader1')).toBe(false);
  });

  it('never shows when there is no user name', () => {
    expect(loadingOverlayVisible('pending', null)).toBe(false);
    expect(loadingOverlayVisible('pending', '')).toBe(false);
  });
});
