import { ArrowLeft, BookOpen } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { links } from '../../lib/links.ts';
import { StateBox } from '../../ui/StateBox.tsx';
import { AnnotationListRow } from '../annotations/AnnotationListRow.tsx';
import { annotationHref } from '../annotations/annotation-list.ts';
import styles from './Kindle.module.css';
import { inLocationOrder, kindlePlace, placeLabel } from './kindle.ts';

/**
 * A kindle item (spec part 1 §2: its view is its annotation list): the book, then its highlights and
 * notes in book order, with the library row's controls for the owner. ?ann_md5= scrolls to one.
 */
export function KindleBook({ item, username }: { item: ItemReply; username: string }) {
  const location = useLocation();
  const annMd5 = new URLSearchParams(location.search).get('ann_md5');
  const highlights = inLocationOrder(item.annotations);
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete('ann_md5');
  const listQuery = listSearch.toString();
  const libraryHref = links.library(username, listQuery);
  const found = annMd5 !== null && highlights.some((a) => a.ann_md5 === annMd5);

  useEffect(() => {
    if (!found) return;
    const row = document.querySelector<HTMLElement>(`[data-ann-md5="${CSS.escape(annMd5 ?? '')}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  }, [found, annMd5]);

  return (
    <div className={styles.book}>
      <title>{`${item.title || 'Kindle book'} · Folio`}</title>
      <Link to={libraryHref} className={styles.back}>
        <ArrowLeft size={14} aria-hidden="true" /> Library
      </Link>
      <header className={styles.bookHeader}>
        <span className={styles.bookIcon}>
          <BookOpen size={22} aria-hidden="true" />
        </span>
        <div>
          <h1 className={styles.bookTitle}>{item.title || 'Untitled book'}</h1>
          {item.description ? <p className={styles.bookAuthor}>{item.description}</p> : null}
          <p className={styles.bookCount}>
            {highlights.length === 1 ? '1 highlight' : `${highlights.length} highlights`} from Kindle
          </p>
        </div>
      </header>
      {highlights.length === 0 ? (
        <StateBox as="p">This book has no highlights left.</StateBox>
      ) : (
        <ul className={styles.highlights} aria-label="Highlights">
          {highlights.map((annotation) => {
            const place = kindlePlace(annotation);
            return (
              <AnnotationListRow
                key={annotation.id}
                annotation={annotation}
                owner={item.canEdit}
                href={annotationHref(location.pathname, location.search, annotation.ann_md5)}
                targeted={annotation.ann_md5 === annMd5}
                dragSource={item.canEdit}
                detail={
                  place ? (
                    <>
                      {place.kind === 'note' ? <strong>Note · </strong> : null}
                      {placeLabel(place)}
                    </>
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
