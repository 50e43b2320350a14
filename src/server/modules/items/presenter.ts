import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import type { ItemFileFacts, ItemReply, ItemType } from '../../../shared/schemas/items.ts';
import { toSeconds } from '../../platform/clock.ts';
import type { ItemRow } from './row.ts';

export function presentItem(
  row: ItemRow,
  tName: string,
  ownerName: string,
  canEdit: boolean,
  file?: ItemFileFacts,
  annotations: AnnotationReply[] = [],
  ownStar = false,
): ItemReply {
  return {
    link_id: row.id,
    type_name: row.type as ItemType,
    title: row.title,
    description: row.description,
    url: row.url ?? '',
    src_url: row.srcUrl ?? '',
    host: row.host ?? '',
    t_name: tName,
    annotations,
    annotation_count: row.annotationCount,
    readed: row.unread ? 0 : 1,
    private: row.private ? 1 : 0,
    // a star is the owner's own mark: nobody else sees it
    starred: ownStar && row.starred ? 1 : 0,
    mode: row.private ? 'private' : 'public',
    created_at: toSeconds(row.createdAt)!,
    updated_at: toSeconds(row.updatedAt)!,
    note_content: row.noteContent ?? '',
    is_rich_note: row.noteType === 'rich',
    local_id: row.localId ?? '',
    ouliner_id: row.outlinerIds,
    is_attached_item: false,
    download_url: row.downloadUrl ?? '',
    permanent_url: row.permanentUrl ?? '',
    thumbnail_url: row.thumbnailUrl ?? '',
    user_name: ownerName,
    canEdit,
    ...file,
  };
}

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
