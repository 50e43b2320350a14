import { useEffect, useState } from 'react';
import {
  type ArticleBox,
  placeOf,
  progressOf,
  readPlace,
  scrollFor,
  writePlace,
} from './reading-position.ts';

/** What the app's sticky bar and the reader's bar cover at the top of the screen. */
function coveredTop(): number {
  const style = getComputedStyle(document.documentElement);
  return Number.parseFloat(style.getPropertyValue('--topbar-height')) || 0;
}

function boxOf(article: HTMLElement): ArticleBox {
  const rect = article.getBoundingClientRect();
  return { top: rect.top + window.scrollY, height: rect.height };
}

/**
 * Follows the reading of an article (once per frame while scrolling): returns the progress (0-1),
 * remembers the place for the item, and brings a remembered place back when the article opens,
 * unless the address asks for a place of its own (`restore` false, e.g. ?ann_md5=).
 */
export function useReadingPosition(linkId: number, article: HTMLElement | null, restore: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!article) return;
    const covered = coveredTop();
    const place = restore ? readPlace(linkId) : null;
    if (place !== null) window.scrollTo(0, scrollFor(boxOf(article), place, covered));
    let frame = 0;
    const update = () => {
      frame = 0;
      const box = boxOf(article);
      setProgress(progressOf(box, window.scrollY, window.innerHeight));
      writePlace(linkId, placeOf(box, window.scrollY, covered));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    setProgress(progressOf(boxOf(article), window.scrollY, window.innerHeight));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [linkId, article, restore]);
  return progress;
}
