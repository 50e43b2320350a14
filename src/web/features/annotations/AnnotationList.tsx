import { useState } from 'react';
import { useLocation } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useAnnotationPages } from '../../api/annotations.ts';
import { links } from '../../lib/links.ts';
import styles from './AnnotationList.module.css';
import { AnnotationListRow } from './AnnotationListRow.tsx';
import { annotationHref, annotationListText, annotationListView } from './annotation-list.ts';

/**
 * The annotations of a library row (spec part 1 §4): limit, searched or all, with 'Show N more
 * annotation(s)' and 'Show less'. Keyed by the search where it is used, so a new or cleared search
 * starts again from its own list.
 */
export function AnnotationList(props: { item: ItemReply; username: string; what: string }) {
  const { item } = props;
  const [showAll, setShowAll] = useState(false);
  const location = useLocation();
  // the row carries its first few (and the count); the rest load a page at a time
  const more = useAnnotationPages(item.link_id, showAll && item.annotation_count > item.annotations.length);
  const loaded = more.data?.pages.flatMap((page) => page.annotations);
  const view = annotationListView(showAll && loaded ? loaded : item.annotations, {
    what: props.what,
    showAll,
    total: item.annotation_count,
  });
  if (view.shown.length === 0) return null;
  const itemPath = links.item(props.username, item.link_id);

  return (
    <div className={styles.list} data-mode={view.mode}>
      <ul className={styles.rows} aria-label="Annotations">
        {view.shown.map((annotation) => (
          <AnnotationListRow
            key={annotation.id}
            annotation={annotation}
            owner={item.canEdit}
            href={annotationHref(itemPath, location.search, annotation.ann_md5)}
          />
        ))}
      </ul>
      {view.hidden > 0 ? (
        <button
          type="button"
          className={styles.more}
          disabled={more.isFetching}
          onClick={() => (showAll ? void more.fetchNextPage() : setShowAll(true))}
        >
          {annotationListText.showMore(view.hidden)}
        </button>
      ) : view.canShowLess ? (
        <button type="button" className={styles.more} onClick={() => setShowAll(false)}>
          {annotationListText.showLess}
        </button>
      ) : null}
    </div>
  );
}
