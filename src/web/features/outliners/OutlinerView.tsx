import { Download, Plus, Share2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { type OutlinerTreeReply, outlinerApi, useOutlinerChanges } from '../../api/outliners.ts';
import { links } from '../../lib/links.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { outlinerText, savedAt } from './messages.ts';
import { OpmlImportButton } from './OpmlImportButton.tsx';
import styles from './OutlinerPage.module.css';
import { OutlinerTitle } from './OutlinerTitle.tsx';
import { OutlinerTree } from './OutlinerTree.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import type { Entry } from './tree.ts';
import { useOutlinerEditor } from './useOutlinerEditor.ts';

export type OutlinerVariant = 'page' | 'embed' | 'sidebar';

/** Where an entry links: the item in its owner's library, a highlight with its ?ann_md5=. */
export function entryHref(owner: string, shared: boolean) {
  return (entry: Entry): string | null => {
    if (shared) return entry.kind === 'item' && entry.url ? entry.url : null;
    if (entry.linkId === null) return null;
    return entry.kind === 'highlight' && entry.annMd5
      ? links.item(owner, entry.linkId, new URLSearchParams({ ann_md5: entry.annMd5 }))
      : links.item(owner, entry.linkId);
  };
}

/**
 * One outliner, editable: its title, the save state, sharing, export and import, and the tree. The
 * page, the embed (?iframe=true) and the reading side area show it; the side area without the tools.
 */
export function OutlinerView(props: { reply: OutlinerTreeReply; variant: OutlinerVariant }) {
  const { reply, variant } = props;
  const outliner = reply.outliner;
  const navigate = useNavigate();
  const notify = useNotify();
  const changes = useOutlinerChanges();
  const editor = useOutlinerEditor(outliner.id, reply, {});
  const [title, setTitle] = useState(outliner.title);
  const [sharing, setSharing] = useState(false);
  const hrefOf = useCallback((e: Entry) => entryHref(reply.owner, false)(e), [reply.owner]);

  const rename = async (next: string) => {
    const before = title;
    setTitle(next);
    try {
      await outlinerApi.edit(outliner.id, { title: next });
      await changes.listsChanged();
      if (variant === 'page') navigate(links.outliner(outliner.id, next), { replace: true });
    } catch {
      setTitle(before);
      notify({ kind: 'error', text: outlinerText.renameFailed });
    }
  };

  const status = editor.status;
  const statusText =
    status.kind === 'saving'
      ? 'Saving...'
      : status.kind === 'saved'
        ? savedAt(status.at)
        : status.kind === 'failed'
          ? 'Save failed: the outliner was reloaded.'
          : '';
  const tools = variant !== 'sidebar';
  return (
    <div className={styles.view} data-variant={variant}>
      <header className={styles.head}>
        <OutlinerTitle title={title} onRename={rename} />
        <span className={styles.status} role="status" aria-live="polite">
          {statusText}
        </span>
        {tools ? (
          <div className={styles.tools}>
            <Button
              variant="secondary"
              size="sm"
              icon={<Share2 size={14} />}
              onClick={() => setSharing(true)}
            >
              Share
            </Button>
            <Menu
              trigger={
                <button type="button" className={buttonClass('secondary', 'sm')}>
                  <Download size={14} aria-hidden="true" /> Export
                </button>
              }
            >
              {/* the server answers with an attachment: the page stays */}
              <MenuItem onSelect={() => window.location.assign(outlinerApi.exportUrl(outliner.id, 'md'))}>
                Markdown (.md)
              </MenuItem>
              <MenuItem onSelect={() => window.location.assign(outlinerApi.exportUrl(outliner.id, 'opml'))}>
                OPML (.opml)
              </MenuItem>
            </Menu>
            <OpmlImportButton size="sm" />
          </div>
        ) : null}
      </header>
      <OutlinerTree
        tree={editor.tree}
        rows={editor.rows}
        actions={editor.actions}
        focus={editor.focus}
        hrefOf={hrefOf}
        label={title}
        className={variant === 'sidebar' ? styles.sidebarScroller : undefined}
      />
      <Button variant="ghost" size="sm" icon={<Plus size={14} />} onClick={editor.actions.addFirst}>
        Add an entry
      </Button>
      {sharing ? <ShareDialog outliner={outliner} open={sharing} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}
