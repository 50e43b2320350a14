import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_RESUME_MS, NOTIFICATION_TIMEOUT_MS } from '../../../shared/limits.ts';
import { createDismissTimer } from './dismiss-timer.ts';

describe('createDismissTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a done notification 5000 ms after it settles, not before', () => {
    const expire = vi.fn();
    createDismissTimer(expire).settle();
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('never removes a notification still in progress', () => {
    const expire = vi.fn();
    const timer = createDismissTimer(expire);
    timer.pause();
    timer.resume();
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 10);
    expect(expire).not.toHaveBeenCalled();
  });

  it('pauses while hovered and restarts with 1000 ms when the pointer leaves', () => {
    const expire = vi.fn();
    const timer = createDismissTimer(expire);
    timer.settle();
    vi.advanceTimersByTime(4000);
    timer.pause();
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 2);
    expect(expire).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(NOTIFICATION_RESUME_MS - 1);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('does not start counting when it settles under the pointer', () => {
    const expire = vi.fn();
    const timer = createDismissTimer(expire);
    timer.pause();
    timer.settle();
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 2);
    expect(expire).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(NOTIFICATION_RESUME_MS);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('stops for good when cancelled', () => {
    const expire = vi.fn();
    const timer = createDismissTimer(expire);
    timer.settle();
    timer.cancel();
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 2);
    expect(expire).not.toHaveBeenCalled();
  });
});
