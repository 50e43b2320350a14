import { outlinerPath, sharedOutlinerPath } from '../../../shared/outliners/code.ts';
import { inReadingOrder } from '../../../shared/outliners/tree.ts';
import {
  ENTRY_KINDS,
  type EntryKind,
  type EntryReply,
  type OutlinerReply,
} from '../../../shared/schemas/outliners.ts';
import { toSeconds } from '../../platform/clock.ts';
import type { OutlinerRow, TreeRow } from './repo.ts';

/** The read-only page's absolute address, for the origin users reach the app at. */
export function shareLink(origin: string, shareKey: string): string {
  return `${origin}${sharedOutlinerPath(shareKey)}`;
}

export function presentOutliner(row: OutlinerRow, entryCount: number, origin: string): OutlinerReply {
  const shared = row.privacy === 2 && row.shareKey !== null;
  return {
    outliner_id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: toSeconds(row.createdAt)!,
    updated_at: toSeconds(row.updatedAt)!,
    url: outlinerPath(row.id, row.title),
    privacy: shared ? 2 : 0,
    share_link: shared ? shareLink(origin, row.shareKey!) : null,
    share_key: shared ? row.shareKey : null,
    entry_count: entryCount,
  };
}

const kindOf = (kind: string): EntryKind =>
  (ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as EntryKind) : 'text';

/** An entry as replies show it: only what the line holds (a text entry shows nothing of any item). */
export function presentEntry(row: TreeRow): EntryReply {
  const kind = kindOf(row.kind);
  const linked = kind !== 'text';
  return {
    id: row.id,
    parent_id: row.parent_id,
    position: row.position,
    kind,
    text: row.text,
    note: row.note,
    collapsed: row.collapsed,
    link_id: linked ? row.link_id : null,
    ann_id: kind === 'highlight' ? row.ann_id : null,
    title: linked ? row.title : null,
    url: linked ? row.url : null,
    item_type: linked ? row.item_type : null,
    quote: kind === 'highlight' ? row.quote : null,
    color: kind === 'highlight' ? row.color : null,
    ann_md5: kind === 'highlight' ? row.ann_md5 : null,
  };
}

/** The tree in reading order: parents before children, siblings by key. */
export function presentTree(rows: TreeRow[]): EntryReply[] {
  return inReadingOrder(rows.map(presentEntry));
}
