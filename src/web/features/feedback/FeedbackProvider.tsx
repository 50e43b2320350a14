import { createContext, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import { lazyNamed } from '../../lib/lazy.tsx';
import { FeedbackLauncher } from './FeedbackLauncher.tsx';

// the form and its popover (Radix) load when the launcher is first reached for (issue 14, Speed)
const loadWidget = () => import('./FeedbackWidget.tsx');
const FeedbackWidget = lazyNamed(loadWidget, 'FeedbackWidget');

interface FeedbackControl {
  /** opens the floating feedback form (Support, Contact Us) */
  openFeedback: () => void;
}

const FeedbackContext = createContext<FeedbackControl | null>(null);

/**
 * Owns the floating widget's open state so menus and the footer can open it. Until the form is
 * first opened, a stand-in launcher shows; the pointer or the focus reaching it fetches the form's
 * code. The stand-in stays the same element until the click that opens the form is over: replaced
 * between the press and the release, it would never receive that click.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [focused, setFocused] = useState(false);
  const control = useMemo(
    () => ({
      openFeedback: () => {
        setUsed(true);
        setOpen(true);
      },
    }),
    [],
  );
  const launcher = (
    <FeedbackLauncher
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadWidget()}
      onFocus={() => {
        setFocused(true);
        void loadWidget();
      }}
      onBlur={() => setFocused(false)}
      onClick={control.openFeedback}
    />
  );
  return (
    <FeedbackContext.Provider value={control}>
      {children}
      {used ? (
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
