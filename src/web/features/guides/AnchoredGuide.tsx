import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './Guide.module.css';
import type { GuideSlide } from './guides.ts';

interface Located extends GuideSlide {
  element: HTMLElement;
}

/** The steps whose control is on the page and drawn (not in a closed drawer). */
function locate(steps: GuideSlide[]): Located[] {
  return steps.flatMap((step) => {
    const element = step.anchor ? document.querySelector<HTMLElement>(step.anchor) : null;
    return element && element.getClientRects().length > 0 ? [{ ...step, element }] : [];
  });
}

/**
 * Waits for the guide's controls: a guide asked for from another page (the tutorial's tour) or
 * before a lazy page has drawn shows once they are there, never pointing at nothing.
 */
function useLocatedSteps(steps: GuideSlide[]): Located[] | null {
  const [located, setLocated] = useState<Located[] | null>(null);
  useEffect(() => {
    const found = () => {
      const present = locate(steps);
      if (present.length === 0) return false;
      setLocated(present);
      return true;
    };
    if (found()) return;
    const observer = new MutationObserver(() => {
      if (found()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [steps]);
  return located;
}

/**
 * A guide whose steps stand beside the controls they explain, one at a time: the control is marked
 * (data-guide-target) and scrolled into view; Skip, Previous, Next, then Close. Escape or a press
 * elsewhere ends it, as it would any popover.
 */
export function AnchoredGuide({ steps, onClose }: { steps: GuideSlide[]; onClose: () => void }) {
  const located = useLocatedSteps(steps);
  const [index, setIndex] = useState(0);
  const titleId = useId();
  const step = located?.[index];

  useEffect(() => {
    if (!step) return;
    step.element.setAttribute('data-guide-target', '');
    step.element.scrollIntoView({ block: 'nearest' });
    return () => step.element.removeAttribute('data-guide-target');
  }, [step]);

  if (!located || !step) return null;
  const last = index === located.length - 1;
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={{ current: step.element }} />
      <Popover.Portal>
        <Popover.Content
          key={index}
          className={styles.step}
          side={step.side ?? 'bottom'}
          align="start"
          sideOffset={10}
          collisionPadding={12}
          aria-labelledby={titleId}
        >
          <h2 id={titleId} className={styles.stepTitle}>
            {step.title}
          </h2>
          <p className={styles.text}>{step.text}</p>
          <div className={styles.footer}>
            {located.length > 1 ? (
              <span className={styles.stepCount}>
                {index + 1} of {located.length}
              </span>
            ) : (
              <span />
            )}
            <div className={styles.steps}>
              {last ? null : (
                <Button variant="ghost" size="sm" onClick={onClose}>
                  Skip
                </Button>
              )}
              {index > 0 ? (
                <Button size="sm" onClick={() => setIndex(index - 1)}>
                  Previous
                </Button>
              ) : null}
              {last ? (
                <Button variant="primary" size="sm" onClick={onClose}>
                  Close
                </Button>
              ) : (
                <Button variant="primary" size="sm" onClick={() => setIndex(index + 1)}>
                  Next
                </Button>
              )}
            </div>
          </div>
          <Popover.Arrow className={styles.arrow} width={14} height={7} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
