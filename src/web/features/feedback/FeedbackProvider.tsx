import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { FeedbackWidget } from './FeedbackWidget.tsx';

interface FeedbackControl {
  /** opens the floating feedback form (Support, Contact Us) */
  openFeedback: () => void;
}

const FeedbackContext = createContext<FeedbackControl | null>(null);

/** Owns the floating widget's open state so menus and the footer can open it. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const control = useMemo(() => ({ openFeedback: () => setOpen(true) }), []);
  return (
    <FeedbackContext.Provider value={control}>
      {children}
      <FeedbackWidget open={open} onOpenChange={setOpen} />
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): FeedbackControl {
  const control = useContext(FeedbackContext);
  if (!control) throw new Error('useFeedback needs a FeedbackProvider above it');
  return control;
}
