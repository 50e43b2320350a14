/**
 * The records of `folio-backup.json` (docs/backup-format.md, docs/backup-format.schema.json): what
 * the backup writes and the restore reads. Field names are the API's (snake_case); times are ISO
 * 8601 texts; ids are the source library's, kept only to link records within one backup.
 */

export const BACKUP_FORMAT = 'folio-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_JSON = 'folio-backup.json';
export const ANNOTATIONS_JSONLD = 'annotations.jsonld';
export const FILES_DIR = 'files/';

export interface BackupStickyNote {
  content: string;
  s_mode: number;
  created_at: string;
  updated_at: string;
}

export interface BackupAnnotation {
  id: number;
  shape: number;
  content: string;
  ann_md5: string;
  color: string;
  selector: unknown;
  anchored: boolean | null;
  created_at: string;
  updated_at: string;
  sticky_notes: BackupStickyNote[];
}

export interface BackupFile {
  /** the file's member in the zip, `files/items/<name>` */
  path: string;
  content_type: string;
  size: number;
  file_name: string;
  sha256: string;
  width: number | null;
  height: number | null;
  page_count: number | null;
  /** thumbnails by width: their members in the zip */
  thumbnails: Record<string, string>;
  rotation: number;
  text_status: string | null;
  text: string | null;
  created_at: string;
}

export interface BackupPage {
  source_url: string;
  final_url: string;
  title: string;
  html: string;
  text: string;
  lead_image_url: string | null;
  /** the copy's pictures (its cover among them): their members in the zip, `files/pages/<name>` */
  pictures: string[];
  captured_at: string;
}

export interface BackupItem {
  id: number;
  type: string;
  title: string;
  description: string;
  url: string | null;
  src_url: string | null;
  note_content: string | null;
  note_type: string | null;
  unread: boolean;
  private: boolean;
  local_id: string | null;
  thumbnail_url: string | null;
  download_url: string | null;
  permanent_url: string | null;
  starred: boolean;
  capture_status: string | null;
  capture_error: string | null;
  captured_at: string | null;
  created_at: string;
  updated_at: string;
  /** in the order they were typed */
  tags: string[];
  annotations: BackupAnnotation[];
  file: BackupFile | null;
  page: BackupPage | null;
  /** the pictures the note shows: their members in the zip, `files/notes/<name>` */
  note_pictures: string[];
  /** the groups the item is shared to, by name */
  groups: string[];
}

export interface BackupEntry {
  id: number;
  parent_id: number | null;
  position: string;
  kind: string;
  text: string;
  note: string;
  collapsed: boolean;
  /** the item (an item or highlight entry), by its id in this backup */
  link_id: number | null;
  /** the highlight (a highlight entry), by its id in this backup */
  ann_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface BackupOutliner {
  id: number;
  title: string;
  description: string;
  privacy: number;
  shared: boolean;
  created_at: string;
  updated_at: string;
  entries: BackupEntry[];
}

export interface BackupAccount {
  /** the source account's id: the files' addresses in note and page HTML name it */
  id: number;
  profile: {
    name: string;
    first_name: string;
    last_name: string;
    avatar: string | null;
    teacher: boolean;
    company_name: string | null;
    company_uri: string | null;
    show_classic: boolean;
    open_text_view: boolean;
    created_at: string;
  };
  preferences: {
    newsletter: boolean;
    important_only: boolean;
    when_contact_join: boolean;
    when_follow: boolean;
    follow_auth: boolean;
    private_rss_feed: boolean;
    language: string;
    guides_seen: string[];
  } | null;
  outliner_settings: { show_quota: boolean; source_link: boolean };
}

export interface BackupGroup {
  name: string;
  display_name: string;
  role: string;
}

/**
 * A stored file's member in the zip: `files/<area>/<name>` for the blob key `<area>/<user>/<name>`
 * (the user's id left out: the restore stores it under the new account's). Null for a key of
 * another shape, which the backup leaves out.
 */
export function memberOf(key: string): string | null {
  const m = /^(items|notes|pages|avatars)\/\d+\/([A-Za-z0-9_.-]+)$/.exec(key);
  return m ? `${FILES_DIR}${m[1]}/${m[2]}` : null;
}

/** The blob key a member is restored to in the account `userId`; null for a member of no known area. */
export function keyOf(member: string, userId: number): string | null {
  const m = /^files\/(items|notes|pages|avatars)\/([A-Za-z0-9_-][A-Za-z0-9_.-]*)$/.exec(member);
  return m && !m[2]!.includes('..') ? `${m[1]}/${userId}/${m[2]}` : null;
}

/**
 * Addresses of stored files in restored text: those of the source account's notes, pages and avatar
 * name the new account, and (`itemIds`) those of an item's own file name its new id.
 */
export function rehome(
  text: string,
  from: number,
  to: number,
  itemIds?: { from: number; to: number },
): string {
  let out = text.replace(
    new RegExp(`/api/files/(notes|pages|avatars)/${from}/`, 'g'),
    (_, area: string) => `/api/files/${area}/${to}/`,
  );
  if (itemIds) out = out.replaceAll(`/api/files/items/${itemIds.from}/`, `/api/files/items/${itemIds.to}/`);
  return out;
}
