import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import { markGuideSeen, useGuidesSeen } from '../../api/settings.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { type GuideId, LIBRARY_GUIDE_COOKIE } from './guides.ts';

/** The guide and its modal load only when a guide is shown: most pages never show one. */
const Guide = lazy(() => import('./Guide.tsx').then((m) => ({ default: m.Guide })));

const GuideContext = createContext<((id: GuideId) => void) | null>(null);
/** whether a guide is showing: what would stack on it (the bookmarklet bar) waits */
const GuideShowingContext = createContext(false);

/** The guide overlay root: at most one guide shows at a time; none by default. */
export function GuideProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<GuideId | null>(null);
  const show = useMemo(() => (id: GuideId) => setShown(id), []);
  return (
    <GuideContext.Provider value={show}>
      <GuideShowingContext.Provider value={shown !== null}>
        {children}
        {shown ? (
          <Suspense fallback={null}>
            <Guide key={shown} id={shown} onClose={() => setShown(null)} />
          </Suspense>
        ) : null}
      </GuideShowingContext.Provider>
    </GuideContext.Provider>
  );
}

export function useShowGuide(): (id: GuideId) => void {
  const show = useContext(GuideContext);
  if (!show) throw new Error('useShowGuide needs a GuideProvider above it');
  return show;
}

export function useGuideShowing(): boolean {
  return useContext(GuideShowingContext);
}

/**
 * Shows the library guide once per account: a browser that showed it keeps a cookie and asks
 * nothing; another asks the account (GET /api/settings/guides). The guide counts as seen as it
 * shows, so closing the tab mid-guide does not bring it back.
 */
export function useFirstLibraryGuide(enabled: boolean): void {
  const show = useShowGuide();
  const [shownHere] = useState(() => Boolean(readCookie(LIBRARY_GUIDE_COOKIE)));
  const ask = enabled && !shownHere;
  const seen = useGuidesSeen(ask);
  useEffect(() => {
    if (!ask || !seen.data) return;
    writeCookie(LIBRARY_GUIDE_COOKIE, '1', COOKIE_DAYS_LONG);
    if (seen.data.seen.includes('library')) return;
    show('library');
    // a failed mark only means another browser shows the guide once more
    markGuideSeen('library').catch(() => {});
  }, [ask, seen.data, show]);
}
