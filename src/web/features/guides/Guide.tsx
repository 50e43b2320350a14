import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { AnchoredGuide } from './AnchoredGuide.tsx';
import styles from './Guide.module.css';
import { GUIDES, type GuideId } from './guides.ts';

/** One guide: beside its controls when its steps name them, else slides in a dialog. */
export function Guide({ id, onClose }: { id: GuideId; onClose: () => void }) {
  const slides = GUIDES[id];
  return slides.every((slide) => slide.anchor) ? (
    <AnchoredGuide steps={slides} onClose={onClose} />
  ) : (
    <SlidesGuide id={id} onClose={onClose} />
  );
}

/** Slides as a dialog: Previous and Next between slides, Skip before the end, Close at the end. */
function SlidesGuide({ id, onClose }: { id: GuideId; onClose: () => void }) {
  const slides = GUIDES[id];
  const [index, setIndex] = useState(0);
  const slide = slides[index];
  if (!slide) return null;
  const last = index === slides.length - 1;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={slide.title}
      size="sm"
      hideClose
      footer={
        <div className={styles.footer}>
          {last ? (
            <span />
          ) : (
            <Button variant="ghost" onClick={onClose}>
              Skip
            </Button>
          )}
          <div className={styles.steps}>
            {index > 0 ? <Button onClick={() => setIndex(index - 1)}>Previous</Button> : null}
            {last ? (
              <Button variant="primary" onClick={onClose}>
                Close
              </Button>
            ) : (
              <Button variant="primary" onClick={() => setIndex(index + 1)}>
                Next
              </Button>
            )}
          </div>
        </div>
      }
    >
      <p className={styles.text}>{slide.text}</p>
      {slides.length > 1 ? (
        <p className={styles.count}>
          {index + 1} of {slides.length}
        </p>
      ) : null}
    </Modal>
  );
}
