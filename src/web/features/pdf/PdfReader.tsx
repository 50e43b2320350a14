import { ArrowLeft, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ColorButtons, Floating, HighlightMenu } from '../annotations/HighlightToolbar.tsx';
import { OverQuotaModal } from '../annotations/OverQuotaModal.tsx';
import { StickyNoteEditor } from '../annotations/StickyNote.tsx';
import { downloadUrl, fileUrl } from '../images/preview.ts';
import { listHrefFromSearch } from '../reader/list-context.ts';
import { ListenButton } from '../reader/listen/ListenButton.tsx';
import { textSentences } from '../reader/listen/sentences.ts';
import styles from './Pdf.module.css';
import { type PageSize, PdfPage } from './PdfPage.tsx';
import { highlightsOnPage } from './page-highlights.ts';
import { openPdf, type PdfDocument, pdfText } from './pdfjs.ts';
import { usePdfHighlights } from './usePdfHighlights.ts';
import { fitWidth, zoomIn, zoomLabel, zoomOut } from './zoom.ts';

const NO_HIGHLIGHTS: AnnotationReply[] = [];

/** Which page is at the top of the screen: the last whose top has passed 30 % of the viewport. */
function currentPage(container: HTMLElement): number {
  const line = window.innerHeight * 0.3;
  let current = 1;
  for (const el of container.querySelectorAll<HTMLElement>('[data-page]')) {
    if (el.getBoundingClientRect().top <= line) current = Number(el.dataset.page);
    else break;
  }
  return current;
}

/**
 * The PDF reader (/user/{name}/b/{link_id} for a PDF): pdf.js pages drawn as they near the screen,
 * selectable text, zoom, the page count, download, and highlights (shape 9) drawn on their pages.
 */
export function PdfReader({ item, username }: { item: ItemReply; username: string }) {
  const url = fileUrl(item);
  const [search] = useSearchParams();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [baseSize, setBaseSize] = useState<PageSize>({ width: 612, height: 792 });
  const [scale, setScale] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [pagesEl, setPagesEl] = useState<HTMLDivElement | null>(null);
  const pagesRef = useRef<HTMLDivElement | null>(null);
  pagesRef.current = pagesEl;
  const hl = usePdfHighlights(item, pagesEl);

  useEffect(() => {
    let opened: PdfDocument | null = null;
    let cancelled = false;
    setDoc(null);
    setFailed(false);
    openPdf(url)
      .then(async (d) => {
        opened = d;
        if (cancelled) return d.destroy();
        const first = (await d.getPage(1)).getViewport({ scale: 1 });
        setBaseSize({ width: first.width, height: first.height });
        const available = (pagesRef.current?.clientWidth ?? window.innerWidth) - 32;
        setScale((s) => s ?? fitWidth(first.width, available));
        setDoc(d);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      opened?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => pagesRef.current && setPage(currentPage(pagesRef.current)));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [doc]);

  const byPage = useMemo(() => {
    const map = new Map<number, AnnotationReply[]>();
    if (!doc) return map;
    for (let n = 1; n <= doc.numPages; n++) {
      const list = highlightsOnPage(item.annotations, n);
      if (list.length) map.set(n, list);
    }
    return map;
  }, [doc, item.annotations]);

  const pageCount = doc?.numPages ?? 0;
  const pageNumbers = useMemo(() => Array.from({ length: pageCount }, (_, i) => i + 1), [pageCount]);
  const title = item.title || 'PDF';
  return (
    <div className={styles.reader}>
      <title>{title}</title>
      <header className={styles.bar}>
        <Link
          to={listHrefFromSearch(username, search)}
          className={buttonClass('ghost', 'sm')}
          aria-label="Back to the library"
          title="Back to the library"
        >
          <ArrowLeft size={16} aria-hidden="true" />
        </Link>
        <h1 className={styles.title} title={title}>
          {title}
        </h1>
        <div className={styles.barTools}>
          <Button
            size="sm"
            variant="ghost"
            icon={<ZoomOut size={16} />}
            aria-label="Zoom out"
            title="Zoom out"
            disabled={!scale}
            onClick={() => scale && setScale(zoomOut(scale))}
          />
          <span className={styles.zoom} aria-live="polite">
            {scale ? zoomLabel(scale) : ''}
          </span>
          <Button
            size="sm"
            variant="ghost"
            icon={<ZoomIn size={16} />}
            aria-label="Zoom in"
            title="Zoom in"
            disabled={!scale}
            onClick={() => scale && setScale(zoomIn(scale))}
          />
          <span className={styles.pageCount}>{pageCount ? `Page ${page} of ${pageCount}` : ''}</span>
          <ListenButton
            item={item}
            username={username}
            read={doc ? async () => textSentences(await pdfText(doc)) : null}
            compact
          />
          <a href={downloadUrl(item)} className={buttonClass('ghost', 'sm')} download title="Download">
            <Download size={16} aria-hidden="true" />
            <span className={styles.barLabel}>Download</span>
          </a>
        </div>
      </header>
      {failed ? (
        <div className={styles.state} role="alert">
          <p>Sorry, this PDF could not be opened.</p>
          <a href={downloadUrl(item)} className={buttonClass('secondary', 'sm')} download>
            Download it instead
          </a>
        </div>
      ) : !doc || !scale ? (
        <div className={styles.state} aria-busy="true">
          <Spinner size={20} />
          <span>Loading PDF...</span>
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse selection offers highlighting; the text stays readable and selectable by keyboard */}
      <div
        ref={setPagesEl}
        className={styles.pages}
        onMouseUp={item.canEdit ? hl.onMouseUp : undefined}
        onClick={item.canEdit ? hl.onClick : undefined}
        onKeyUp={item.canEdit ? hl.onMouseUp : undefined}
      >
        {doc && scale
          ? pageNumbers.map((n) => (
              <PdfPage
                key={n}
                doc={doc}
                pageNumber={n}
                scale={scale}
                baseSize={baseSize}
                highlights={byPage.get(n) ?? NO_HIGHLIGHTS}
              />
            ))
          : null}
      </div>
      {hl.pending ? (
        <Floating place={hl.pending.at} label="Highlight the selection" fixed>
          <ColorButtons onPick={hl.highlight} disabled={hl.busy} />
        </Floating>
      ) : null}
      {hl.active && hl.activeAnnotation ? (
        <Floating place={hl.active.at} label="Highlight" fixed>
          {hl.editingNote ? (
            <StickyNoteEditor
              layout="popover"
              label="Sticky note"
              initial={hl.activeAnnotation.stickyNotes[0]?.content ?? ''}
              busy={hl.busy}
              onSave={hl.saveNote}
              onCancel={hl.cancelNote}
            />
          ) : (
            <HighlightMenu
              annotation={hl.activeAnnotation}
              canEdit={item.canEdit}
              busy={hl.busy}
              onColor={hl.changeColor}
              onEditNote={hl.startNote}
              onDeleteNote={hl.deleteNote}
              onDelete={hl.deleteActive}
            />
          )}
        </Floating>
      ) : null}
      <OverQuotaModal kind={hl.overQuota ? 'highlight' : null} onClose={hl.closeOverQuota} />
    </div>
  );
}
