import { type CSSProperties, memo, useEffect, useRef, useState } from 'react';
import type { AnnotationReply, HighlightColor } from '../../../shared/schemas/annotations.ts';
import styles from './Pdf.module.css';
import { paintHighlights } from './page-highlights.ts';
import { loadPdfjs, type PdfDocument } from './pdfjs.ts';

export interface PageSize {
  width: number;
  height: number;
}

/** Pages start drawing when they come this close to the screen. */
const NEAR = '1200px 0px';

export const markClass = (color: HighlightColor) => `${styles.mark} ${styles[`mark_${color}`] ?? ''}`;

/**
 * One PDF page: a placeholder of the right size until it nears the screen, then the canvas and a
 * text layer (transparent text over the picture, so it can be selected), then its highlights.
 * Zooming draws it again at the new scale.
 */
export const PdfPage = memo(function PdfPage(props: {
  doc: PdfDocument;
  pageNumber: number;
  scale: number;
  /** the size at scale 1 until the page itself says otherwise */
  baseSize: PageSize;
  highlights: AnnotationReply[];
}) {
  const { doc, pageNumber, scale } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [size, setSize] = useState(props.baseSize);
  const [textReady, setTextReady] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let renderTask: { cancel(): void } | null = null;
    let textLayer: { cancel(): void } | null = null;
    (async () => {
      const pdfjs = await loadPdfjs();
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      setSize({ width: base.width, height: base.height });
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current!;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      const task = page.render({
        canvas: c,
        canvasContext: c.getContext('2d')!,
        viewport,
        ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
      });
      renderTask = task;
      await task.promise;
      if (cancelled) return;
      const container = text.current!;
      container.replaceChildren();
      const layer = new pdfjs.TextLayer({
        textContentSource: page.streamTextContent(),
        container,
        viewport,
      });
      textLayer = layer;
      await layer.render();
      if (!cancelled) setTextReady((n) => n + 1);
    })().catch((error: unknown) => {
      if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException') setFailed(true);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [near, doc, pageNumber, scale]);

  useEffect(() => {
    if (textReady && text.current) paintHighlights(text.current, props.highlights, markClass);
  }, [textReady, props.highlights]);

  const style = {
    width: `${size.width * scale}px`,
    height: `${size.height * scale}px`,
    '--scale-factor': scale,
    '--total-scale-factor': scale,
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;
  return (
    <section
      ref={box}
      className={styles.page}
      style={style}
      data-page={pageNumber}
      data-text-ready={textReady > 0 || undefined}
      aria-label={`Page ${pageNumber}`}
    >
      <canvas ref={canvas} className={styles.canvas} />
      <div ref={text} className={styles.textLayer} data-text-layer="" />
      {failed ? (
        <p className={styles.pageError} role="alert">
          This page could not be shown.
        </p>
      ) : null}
    </section>
  );
});
