import { List, X } from 'lucide-react';
import { type DragEvent, useEffect, useState } from 'react';
import { outlinerChanged } from '../../api/outliner-live.ts';
import { outlinerApi, useOutlinerChanges, useOutlinerTree } from '../../api/outliners.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { outlinerText } from './messages.ts';
import { Loading } from './OutlinerPage.tsx';
import { OutlinerPicker } from './OutlinerPicker.tsx';
import { OutlinerView } from './OutlinerView.tsx';
import styles from './SideArea.module.css';
import {
  GUIDE_COOKIE_DAYS,
  GUIDE_COOKIES,
  readDrop,
  rememberedOutliner,
  rememberOutliner,
} from './side-area.ts';
import { useHighlightDragSource } from './useHighlightDragSource.ts';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The reading side area (spec part 1 §2, part 2 §2, §4): the outliner list, or the outliner opened
 * from it (remembered and reopened next time; closing it returns to the list). Highlights and
 * selected text dragged from the reader onto it become entries. `inPanel`: inside a host's panel
 * that has its own title, close button and frame (the reader's second area), so it shows none of
 * them again and fills the panel's width.
 */
export function OutlinerSideArea(props: { onClose?: () => void; standalone?: boolean; inPanel?: boolean }) {
  const notify = useNotify();
  const changes = useOutlinerChanges();
  const [openId, setOpenId] = useState<number | null>(() => rememberedOutliner(storage()));
  const [over, setOver] = useState(false);
  useHighlightDragSource();

  // the first open: the guide is seen, and the tip no longer shows
  useEffect(() => {
    for (const name of GUIDE_COOKIES) if (!readCookie(name)) writeCookie(name, '1', GUIDE_COOKIE_DAYS);
  }, []);

  const open = (id: number | null) => {
    rememberOutliner(storage(), id);
    setOpenId(id);
  };
  const accepts = (event: DragEvent) =>
    openId !== null &&
    [...event.dataTransfer.types].some((t) => t === 'text/plain' || t.startsWith('application/x-folio'));
  const onDrop = async (event: DragEvent) => {
    setOver(false);
    if (!accepts(event) || openId === null) return;
    event.preventDefault();
    const dropped = readDrop(event.dataTransfer);
    if (!dropped) return;
    try {
      await outlinerApi.addText({
        text: dropped.text,
        outliner_id: openId,
        ...(dropped.annId !== undefined ? { ann_id: dropped.annId } : {}),
      });
      notify({ kind: 'done', text: outlinerText.highlightAdded });
      outlinerChanged(openId);
      void changes.treeChanged(openId);
    } catch {
      notify({ kind: 'error', text: outlinerText.highlightAddFailed });
    }
  };

  const allOutliners = (
    <Button variant="ghost" size="sm" icon={<List size={14} />} onClick={() => open(null)}>
      All outliners
    </Button>
  );
  // in a host's panel (itself a complementary landmark) a region, not a second one
  const Area = props.inPanel ? 'section' : 'aside';
  return (
    <Area
      className={props.inPanel ? styles.inPanel : props.standalone ? styles.standalone : styles.area}
      aria-label="Outliner side area"
      data-drop-over={over || undefined}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => void onDrop(e)}
    >
      {props.inPanel ? (
        openId !== null ? (
          <div className={styles.head}>{allOutliners}</div>
        ) : null
      ) : (
        <div className={styles.head}>
          <h2 className={styles.heading}>Outliner</h2>
          {openId !== null ? allOutliners : null}
          {props.onClose ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onClose}
              aria-label="Close the outliner"
              icon={<X size={16} />}
            />
          ) : null}
        </div>
      )}
      {openId === null ? (
        <OutlinerPicker selected={null} onPick={(o) => open(o.id)} compact />
      ) : (
        <>
          <SideOutliner id={openId} onGone={() => open(null)} />
          <p className={styles.hint}>Drag a highlight or selected text here to add it.</p>
        </>
      )}
    </Area>
  );
}

function SideOutliner({ id, onGone }: { id: number; onGone: () => void }) {
  const tree = useOutlinerTree(id);
  // deleted, or another user's since: back to the list
  useEffect(() => {
    if (tree.isError) onGone();
  }, [tree.isError, onGone]);
  if (tree.isPending || tree.isError) return <Loading />;
  return <OutlinerView key={id} reply={tree.data} variant="sidebar" />;
}
