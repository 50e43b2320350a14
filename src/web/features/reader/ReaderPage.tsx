import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useReader } from '../../api/capture.ts';
import { useMarkRead, useSaveBookmark } from '../../api/items.ts';
import { readCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { libraryText } from '../library/messages.ts';
import { parseView } from '../library/view.ts';
import { CaptureState } from './CaptureState.tsx';
import { itemInListHref, listHref } from './list-context.ts';
import { OutlinerPanel } from './OutlinerPanel.tsx';
import styles from './Reader.module.css';
import { ReaderArticle } from './ReaderArticle.tsx';
import { ReaderTopBar } from './ReaderTopBar.tsx';
import { useNeighbours } from './useNeighbours.ts';
import { useTopBar } from './useTopBar.ts';

export interface ReaderPageProps {
  item: ItemReply;
  username: string;
  /**
   * The annotation layer (features/annotations): given the rendered <article> of the reader copy,
   * it returns what it draws beside it. The reader itself renders nothing there.
   */
  annotationLayer?: (article: HTMLElement) => ReactNode;
}

/**
 * A bookmark in the reader view (spec part 1 §2, part 2 §2): the stored reader copy, or what became
 * of its capture; a top bar to move through the list the item was opened from.
 */
export function ReaderPage({ item, username, annotationLayer }: ReaderPageProps) {
  const [search] = useSearchParams();
  const view = useMemo(
    () => parseView(search, { sort: readCookie('sort'), count: readCookie('count') }),
    [search],
  );
  const reader = useReader(item.link_id);
  const neighbours = useNeighbours(username, view, item.link_id);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bar = useTopBar(titleRef);
  const [outlinerOpen, setOutlinerOpen] = useState(false);
  const markRead = useMarkRead();
  const recapture = useSaveBookmark();
  const notify = useNotify();

  // a new item starts at its top
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the item changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [item.link_id]);

  const title = item.title || reader.data?.title || item.url || 'Untitled';
  const unread = item.readed === 0;
  const toggleRead = () =>
    markRead.mutate(
      { ids: [item.link_id], read: unread },
      {
        onSuccess: () =>
          notify({ kind: 'done', text: unread ? libraryText.markedRead(1) : libraryText.markedUnread }),
        onError: () => notify({ kind: 'error', text: libraryText.markFailed }),
      },
    );
  const retry = () =>
    recapture.mutate(
      { link_id: item.link_id },
      { onError: (err) => notify({ kind: 'error', text: err.message }) },
    );

  const copy = reader.data;
  const hasCopy = copy?.status === 'done' && copy.captured_at !== null;
  return (
    <div className={styles.page} data-outliner={outlinerOpen || undefined}>
      <title>{`${title} · Folio`}</title>
      <ReaderTopBar
        state={bar}
        title={title}
        listHref={listHref(username, view)}
        prevHref={
          neighbours.prev
            ? itemInListHref(username, neighbours.prev.linkId, { ...view, page: neighbours.prev.page })
            : null
        }
        nextHref={
          neighbours.next
            ? itemInListHref(username, neighbours.next.linkId, { ...view, page: neighbours.next.page })
            : null
        }
        unread={item.canEdit ? unread : null}
        onToggleRead={toggleRead}
        marking={markRead.isPending}
        cachedHref={hasCopy ? links.cachedCopy(item.link_id) : null}
        originalHref={item.url || null}
        outlinerOpen={outlinerOpen}
        onToggleOutliner={() => setOutlinerOpen((o) => !o)}
      />
      <div className={styles.split}>
        <div className={styles.reading}>
          <header className={styles.header}>
            <h1 ref={titleRef} className={styles.title}>
              {title}
            </h1>
            <p className={styles.byline}>
              {item.host ? <span>{item.host}</span> : null}
              {hasCopy ? (
                <span>
                  Saved{' '}
                  <time dateTime={new Date(copy.captured_at! * 1000).toISOString()}>
                    {new Date(copy.captured_at! * 1000).toLocaleDateString()}
                  </time>
                </span>
              ) : null}
            </p>
          </header>
          {reader.isPending ? (
            <StateBox role="status">
              <Spinner size={18} />
              <p>Loading...</p>
            </StateBox>
          ) : reader.isError || !copy ? (
            <StateBox role="alert">
              <p>{libraryText.loadFailed}</p>
            </StateBox>
          ) : hasCopy && copy.html ? (
            <ReaderArticle html={copy.html}>{annotationLayer}</ReaderArticle>
          ) : (
            <CaptureState
              reader={copy}
              url={item.url}
              canEdit={item.canEdit}
              onRetry={retry}
              retrying={recapture.isPending}
            />
          )}
        </div>
        {outlinerOpen ? <OutlinerPanel onClose={() => setOutlinerOpen(false)} /> : null}
      </div>
    </div>
  );
}
