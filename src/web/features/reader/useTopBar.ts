import { type RefObject, useEffect, useState } from 'react';
import { INITIAL_TOP_BAR, nextTopBar, type TopBarState } from './top-bar.ts';

/** The app's own sticky bar covers this much of the page top; a title under it is out of sight. */
function coveredTop(): number {
  return (
    Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--topbar-height')) || 0
  );
}

/** Follows the window's scroll (once per frame) and the article title's position. */
export function useTopBar(titleRef: RefObject<HTMLElement | null>): TopBarState {
  const [state, setState] = useState(INITIAL_TOP_BAR);
  useEffect(() => {
    let frame = 0;
    const covered = coveredTop();
    const update = () => {
      frame = 0;
      const title = titleRef.current;
      const titleBottom = title ? title.getBoundingClientRect().bottom + window.scrollY - covered : null;
      setState((s) => nextTopBar(s, window.scrollY, titleBottom));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [titleRef]);
  return state;
}
