import { createContext, type ReactNode, Suspense, useContext, useMemo, useRef, useState } from 'react';
import { lazyNamed } from '../../lib/lazy.tsx';
import { FeedbackLauncher } from './FeedbackLauncher.tsx';

// the form and its popover (Radix) load when the launcher is first reached for (issue 14, Speed)
const FeedbackWidget = lazyNamed(() => import('./FeedbackWidget.tsx'), 'FeedbackWidget');

interface FeedbackControl {
  /** opens the floating feedback form (Support, Contact Us) */
  openFeedback: () => void;
}

const FeedbackContext = createContext<FeedbackControl | null>(null);

/**
 * Owns the floating widget's open state so menus and the footer can open it. Until the pointer or
 * the focus reaches the launcher (or something opens the form), a stand-in launcher shows.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [focused, setFocused] = useState(false);
  const control = useMemo(() => ({ openFeedback: () => setOpen(true) }), []);
  const standIn = useRef<HTMLButtonElement>(null);
  const launcher = (
    <FeedbackLauncher
      ref={standIn}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setWanted(true);
        setOpen(true);
      }}
    />
  );
  return (
    <FeedbackContext.Provider value={control}>
      {children}
      {wanted || open ? (
        <Suspense fallback={launcher}>
          <FeedbackWidget open={open} onOpenChange={setOpen} focusLauncher={focused} />
        </Suspense>
      ) : (
        launcher
      )}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): FeedbackControl {
  const control = useContext(FeedbackContext);
  if (!control) throw new Error('useFeedback needs a FeedbackProvider above it');
  return control;
}
