import { NOTIFICATION_RESUME_MS, NOTIFICATION_TIMEOUT_MS } from '../../../shared/limits.ts';

export interface DismissTimer {
  /** the notification finished (done or error): start the countdown unless the pointer is on it */
  settle(): void;
  /** pointer entered: stop counting */
  pause(): void;
  /** pointer left: a settled notification goes after the shorter resume delay */
  resume(): void;
  cancel(): void;
}

/**
 * When a notification removes itself (spec part 1 §4): 5000 ms after it is done, paused while hovered,
 * and 1000 ms after the pointer leaves. One in progress never removes itself.
 */
export function createDismissTimer(onExpire: () => void): DismissTimer {
  let settled = false;
  let hovered = false;
  let handle: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(handle);
    handle = undefined;
  };
  const start = (ms: number) => {
    stop();
    handle = setTimeout(() => {
      handle = undefined;
      onExpire();
    }, ms);
  };

  return {
    settle() {
      settled = true;
      if (!hovered) start(NOTIFICATION_TIMEOUT_MS);
    },
    pause() {
      hovered = true;
      stop();
    },
    resume() {
      hovered = false;
      if (settled) start(NOTIFICATION_RESUME_MS);
    },
    cancel: stop,
  };
}
