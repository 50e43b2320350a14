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
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { type GuideId, LIBRARY_GUIDE_COOKIE } from './guides.ts';

/** The guide and its modal load only when a guide is shown: most pages never show one. */
const Guide = lazy(() => import('./Guide.tsx').then((m) => ({ default: m.Guide })));

const GuideContext = createContext<((id: GuideId) => void) | null>(null);

/** The guide overlay root: at most one guide shows at a time; none by default. */
export function GuideProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<GuideId | null>(null);
  const show = useMemo(() => (id: GuideId) => setShown(id), []);
  return (
    <GuideContext.Provider value={show}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <Guide key={shown} id={shown} onClose={() => setShown(null)} />
        </Suspense>
      ) : null}
    </GuideContext.Provider>
  );
}

export function useShowGuide(): (id: GuideId) => void {
  const show = useContext(GuideContext);
  if (!show) throw new Error('useShowGuide needs a GuideProvider above it');
  return show;
}

/**
 * Shows the library guide once to a user who has not seen it in this browser: the cookie is set as
 * it shows, so closing the tab mid-guide does not bring it back.
 */
export function useFirstLibraryGuide(enabled: boolean): void {
  const show = useShowGuide();
  useEffect(() => {
    if (!enabled || readCookie(LIBRARY_GUIDE_COOKIE)) return;
    writeCookie(LIBRARY_GUIDE_COOKIE, '1', COOKIE_DAYS_LONG);
    show('library');
  }, [enabled, show]);
}
