import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state for a menu that follows the mouse with a delay (spec: menu open/close delay 300 ms).
 * Leaving closes only a menu the hover opened; one opened by click or keyboard stays until dismissed.
 */
export function useHoverIntent(delayMs: number) {
  const [open, setOpenState] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => clear, [clear]);

  const setOpen = useCallback(
    (next: boolean) => {
      clear();
      if (!next) openedByHover.current = false;
      setOpenState(next);
    },
    [clear],
  );

  const enter = useCallback(() => {
    clear();
    if (open) return;
    timer.current = setTimeout(() => {
      openedByHover.current = true;
      setOpenState(true);
    }, delayMs);
  }, [clear, delayMs, open]);

  const leave = useCallback(() => {
    clear();
    if (!open || !openedByHover.current) return;
    timer.current = setTimeout(() => setOpen(false), delayMs);
  }, [clear, delayMs, open, setOpen]);

  /** A click on the trigger takes over a hover-opened menu; true means "keep it open". */
  const claimByClick = useCallback(() => {
    clear();
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return true;
    }
    return false;
  }, [clear, open]);

  const byHover = useCallback(() => openedByHover.current, []);

  return { open, setOpen, enter, leave, claimByClick, byHover };
}
