import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { Guide } from './Guide.tsx';
import type { GuideId } from './guides.ts';

const GuideContext = createContext<((id: GuideId) => void) | null>(null);

/** The guide overlay root: at most one guide shows at a time; none by default. */
export function GuideProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<GuideId | null>(null);
  const show = useMemo(() => (id: GuideId) => setShown(id), []);
  return (
    <GuideContext.Provider value={show}>
      {children}
      {shown ? <Guide key={shown} id={shown} onClose={() => setShown(null)} /> : null}
    </GuideContext.Provider>
  );
}

export function useShowGuide(): (id: GuideId) => void {
  const show = useContext(GuideContext);
  if (!show) throw new Error('useShowGuide needs a GuideProvider above it');
  return show;
}
