import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useReader } from '../../api/capture.ts';
import { useGroupReader } from '../../api/groups.ts';
import { useMarkRead, useSaveBookmark } from '../../api/items.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { readCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { EarlierCopy } from '../health/EarlierCopy.tsx';
import { LinkHealthBar } from '../health/LinkHealthBar.tsx';
import { useItemKeyboardScope } from '../keyboard/item-scope.ts';
import { libraryText } from '../library/messages.ts';
import { EditItemForm } from '../library/modals/EditItemForm.tsx';
import { parseView } from '../library/view.ts';
import { OutlinerTip } from '../outliners/OutlinerTip.tsx';
import { ShareModal } from '../sharing/ShareModal.tsx';
import { CaptureState } from './CaptureState.tsx';
import { itemInListHref, listHref } from './list-context.ts';
import { ListenButton } from './listen/ListenButton.tsx';
import { articleSentences } from './listen/sentences.ts';
import { NotesPanel } from './NotesPanel.tsx';
import { OutlinerPanel } from './OutlinerPanel.tsx';
import styles from './Reader.module.css';
import { ReaderArticle } from './ReaderArticle.tsx';
import { ReaderTopBar } from './ReaderTopBar.tsx';
import { SideArea, type SidePanel } from './SideArea.tsx';
import { TypographyPanel } from './TypographyPanel.tsx';
import { LINE_WIDTHS } from './typography.ts';
import { useNeighbours } from './useNeighbours.ts';
import { useReadingPosition } from './useReadingPosition.ts';
import { useTopBar } from './useTopBar.ts';
import { useTypography } from './useTypography.ts';

/** The float-note action of the reader's bar, handed to the annotation layer that places them. */
export interface FloatPlacing {
  placing: boolean;
  onPlacingChange: (placing: boolean) => void;
}

export interface ReaderPageProps {
  item: ItemReply;
  username: string;
  /**
   * The annotation layer (features/annotations): given the rendered <article> of the reader copy,
   * it returns what it draws beside it. The reader itself renders nothing there.
   */
  annotationLayer?: (article: HTMLElement, floats: FloatPlacing) => ReactNode;
  /**
   * A shared item a group member opens (features/groups): the copy comes through the group, the
   * bar leads back to the group page and has no previous/next.
   */
  group?: { groupId: number; listHref: string };
}

/**
 * A bookmark in the reader view (spec part 1 §2, part 2 §2): the stored reader copy, or what became
 * of its capture; a top bar to move through the list the item was opened from.
 */
export function ReaderPage({ item, username, annotationLayer, group }: ReaderPageProps) {
  const [search] = useSearchParams();
  const view = useMemo(
    () => parseView(search, { sort: readCookie('sort'), count: readCookie('count') }),
    [search],
  );
  const ownReader = useReader(group ? undefined : item.link_id);
  const groupReader = useGroupReader(group?.groupId, group ? item.link_id : undefined);
  const reader = group ? groupReader : ownReader;
  const neighbours = useNeighbours(username, view, item.link_id, !group);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bar = useTopBar(titleRef);
  const [panel, setPanel] = useState<SidePanel | null>(null);
  const [sharing, setSharing] = useState(false);
  const [placingFloat, setPlacingFloat] = useState(false);
  // the form edits the item as it was when opened: a save updating the item must not reset it midway
  const [editing, setEditing] = useState<ItemReply | null>(null);
  const [article, setArticle] = useState<HTMLElement | null>(null);
  // an earlier copy of the page (Update copy keeps them) read in place of the current one
  const [versionId, setVersionId] = useState<number | null>(null);
  const { data: viewer } = useUserInfo();
  // the reader's own choice, whoever's item it is
  const [typography, setTypography] = useTypography(viewer?.name ?? '');
  // ?ann_md5= brings one highlight into view: the remembered place does not compete with it
  const progress = useReadingPosition(item.link_id, article, !search.get('ann_md5'));
  const markRead = useMarkRead();
  const recapture = useSaveBookmark();
  const notify = useNotify();
  const navigate = useNavigate();

  // a new item starts at its top, until its article brings back the remembered place
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the item changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [item.link_id]);
  const floats: FloatPlacing = { placing: placingFloat, onPlacingChange: setPlacingFloat };

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

  const prevHref =
    !group && neighbours.prev
      ? itemInListHref(username, neighbours.prev.linkId, { ...view, page: neighbours.prev.page })
      : null;
  const nextHref =
    !group && neighbours.next
      ? itemInListHref(username, neighbours.next.linkId, { ...view, page: neighbours.next.page })
      : null;
  // j and k: the next and previous item of the list the reader came from (a group's copy has none)
  useItemKeyboardScope(item, username, {
    enabled: !group,
    move: (step) => {
      const to = step === 1 ? nextHref : prevHref;
      if (to) navigate(to);
    },
  });

  const copy = reader.data;
  const hasCopy = copy?.status === 'done' && copy.captured_at !== null;
  return (
    <div
      className={styles.page}
      data-panel={panel ?? undefined}
      data-font={typography.font}
      style={
        {
          '--reader-size': `${typography.size}px`,
          '--reader-width': LINE_WIDTHS[typography.width],
        } as CSSProperties
      }
    >
      <title>{`${title} · Folio`}</title>
      <ReaderTopBar
        state={bar}
        title={title}
        listHref={group ? group.listHref : listHref(username, view)}
        prevHref={prevHref}
        nextHref={nextHref}
        unread={item.canEdit ? unread : null}
        onToggleRead={toggleRead}
        marking={markRead.isPending}
        cachedHref={hasCopy && !group ? links.cachedCopy(item.link_id) : null}
        originalHref={item.url || null}
        panel={panel}
        canEdit={item.canEdit}
        onPanel={(next) => {
          if (next === 'edit') setEditing(item);
          setPanel((open) => (open === next ? null : next));
        }}
        placingFloat={item.canEdit && annotationLayer && hasCopy ? placingFloat : null}
        onToggleFloat={() => setPlacingFloat((p) => !p)}
        progress={progress}
        onShare={item.canEdit ? () => setSharing(true) : undefined}
      />
      <ShareModal item={sharing ? item : null} onClose={() => setSharing(false)} />
      {panel === 'outliner' ? null : <OutlinerTip onOpen={() => setPanel('outliner')} />}
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
            {hasCopy && !group ? (
              <ListenButton
                item={item}
                username={username}
                read={article ? () => articleSentences(article) : null}
              />
            ) : null}
            {item.canEdit && !group && item.type_name === 'bookmark' && item.url ? (
              <LinkHealthBar item={item} versionId={versionId} onVersion={setVersionId} />
            ) : null}
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
          ) : versionId !== null ? (
            <EarlierCopy
              linkId={item.link_id}
              versionId={versionId}
              onBack={() => setVersionId(null)}
              render={(html) => <ReaderArticle html={html} />}
            />
          ) : hasCopy && copy.html ? (
            <>
              {placingFloat ? (
                <p className={styles.placingHint} role="status">
                  Click in the page where the float note belongs; Escape cancels.
                </p>
              ) : null}
              <ReaderArticle html={copy.html} onArticle={setArticle}>
                {annotationLayer ? (el) => annotationLayer(el, floats) : undefined}
              </ReaderArticle>
            </>
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
        <SideArea panel={panel} onClose={() => setPanel(null)}>
          {panel === 'notes' ? <NotesPanel article={article} annotations={item.annotations} /> : null}
          {panel === 'edit' && editing ? <EditItemForm item={editing} onDone={() => setPanel(null)} /> : null}
          {panel === 'type' ? <TypographyPanel value={typography} onChange={setTypography} /> : null}
          {panel === 'outliner' ? <OutlinerPanel /> : null}
        </SideArea>
      </div>
    </div>
  );
}
