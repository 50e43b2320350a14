import { z } from 'zod';
import { ANNOTATION_CONTENT_MAX } from '../../../shared/schemas/annotations.ts';
import { ITEM_TYPES } from '../../db/schema.ts';

/**
 * The records of a backup as the restore accepts them: a file from anywhere is checked before
 * anything of it is written (one bad record is a problem of that record, the rest goes on).
 * docs/backup-format.schema.json describes the same records for other tools.
 */
const time = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const optionalTime = time.nullable();
const id = z.number().int().positive();
const text = (max = 1_000_000) => z.string().max(max);
const member = z.string().regex(/^files\/(items|notes|pages|avatars)\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/);

const stickyNote = z.object({
  content: text(ANNOTATION_CONTENT_MAX),
  s_mode: z.number().int(),
  created_at: time,
  updated_at: time,
});

const annotation = z.object({
  id,
  shape: z.number().int().min(0).max(20),
  content: text(ANNOTATION_CONTENT_MAX),
  ann_md5: z.string().min(1).max(64),
  color: text(20),
  selector: z.unknown(),
  anchored: z.boolean().nullable(),
  created_at: time,
  updated_at: time,
  sticky_notes: z.array(stickyNote).max(100),
});

const file = z.object({
  path: member,
  content_type: text(200),
  size: z.number().int().min(0),
  file_name: text(1000),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  page_count: z.number().int().nullable(),
  thumbnails: z.record(z.string().regex(/^\d+$/), member),
  rotation: z.number().int(),
  text_status: text(20).nullable(),
  text: z.string().nullable(),
  created_at: time,
});

const page = z.object({
  source_url: text(10_000),
  final_url: text(10_000),
  title: text(10_000),
  html: z.string(),
  text: z.string(),
  lead_image_url: text(10_000).nullable(),
  pictures: z.array(member).max(100),
  captured_at: time,
});

export const backupItem = z.object({
  id,
  type: z.enum(ITEM_TYPES),
  title: text(10_000),
  description: text(),
  url: text(10_000).nullable(),
  src_url: text(10_000).nullable(),
  note_content: z.string().nullable(),
  note_type: text(20).nullable(),
  unread: z.boolean(),
  private: z.boolean(),
  local_id: text(1000).nullable(),
  thumbnail_url: text(10_000).nullable(),
  download_url: text(10_000).nullable(),
  permanent_url: text(10_000).nullable(),
  starred: z.boolean(),
  capture_status: text(20).nullable(),
  capture_error: text(10_000).nullable(),
  captured_at: optionalTime,
  created_at: time,
  updated_at: time,
  tags: z.array(text(200)).max(1000),
  annotations: z.array(annotation).max(100_000),
  file: file.nullable(),
  page: page.nullable(),
  note_pictures: z.array(member).max(1000),
  groups: z.array(text(200)).max(1000),
});
export type ParsedItem = z.output<typeof backupItem>;

const entry = z.object({
  id,
  parent_id: id.nullable(),
  position: z.string().min(1).max(1000),
  kind: z.enum(['text', 'item', 'highlight']),
  text: text(),
  note: text(),
  collapsed: z.boolean(),
  link_id: id.nullable(),
  ann_id: id.nullable(),
  created_at: time,
  updated_at: time,
});

export const backupOutliner = z.object({
  id,
  title: text(10_000),
  description: text(),
  privacy: z.number().int(),
  shared: z.boolean(),
  created_at: time,
  updated_at: time,
  entries: z.array(entry).max(1_000_000),
});
export type ParsedOutliner = z.output<typeof backupOutliner>;

export const backupAccount = z.object({
  id,
  profile: z.object({
    name: text(200),
    first_name: text(200),
    last_name: text(200),
    avatar: text(10_000).nullable(),
    teacher: z.boolean(),
    company_name: text(1000).nullable(),
    company_uri: text(10_000).nullable(),
    show_classic: z.boolean(),
    open_text_view: z.boolean(),
    created_at: time,
  }),
  preferences: z
    .object({
      newsletter: z.boolean(),
      important_only: z.boolean(),
      when_contact_join: z.boolean(),
      when_follow: z.boolean(),
      follow_auth: z.boolean(),
      private_rss_feed: z.boolean(),
      language: text(20),
      guides_seen: z.array(text(100)).max(100),
    })
    .nullable(),
  outliner_settings: z.object({ show_quota: z.boolean(), source_link: z.boolean() }),
});
export type ParsedAccount = z.output<typeof backupAccount>;

export const backupGroups = z.array(z.object({ name: text(200), display_name: text(1000), role: text(20) }));

/** The record's first problem, as the import's summary shows it. */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'This record cannot be read.';
}
