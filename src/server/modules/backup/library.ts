import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { HeapBudget } from '../../platform/heap-budget.ts';
import { annotationsOfItems, type OwnAnnotation } from '../annotations/backup.ts';
import { pagesOfItems, pictureKeysOfItems } from '../capture/backup.ts';
import type { PageRow } from '../capture/repo.ts';
import { membershipsOf, sharesOfItems } from '../groups/backup.ts';
import { itemsAfter } from '../items/backup.ts';
import { imagesIn } from '../items/files-hook.ts';
import type { ItemRow } from '../items/row.ts';
import { entriesOf, outlinerSettingsOf, outlinersAfter } from '../outliners/backup.ts';
import { type HighlightReview, reviewOfItems, reviewSettingsOf } from '../review/backup.ts';
import { profileOf } from '../settings/backup.ts';
import type { TagsService } from '../tags/service.ts';
import { filesOfItems } from '../uploads/backup.ts';
import type { ItemFileRow } from '../uploads/repo.ts';
import {
  type BackupAccount,
  type BackupAnnotation,
  type BackupFile,
  type BackupGroup,
  type BackupItem,
  type BackupOutliner,
  type BackupPage,
  memberOf,
} from './model.ts';

export interface LibraryDeps {
  db: Db;
  blobs: BlobStore;
  tags: TagsService;
}

/** Items read per query: a page's rows, annotations, files and copies are all the memory a backup holds. */
export const ITEM_BATCH = 100;

/** A stored file of the library and its member in the zip. */
export interface LibraryFile {
  key: string;
  member: string;
}

/** What a pass over the items reads: everything, the files only, or the annotations only. */
export type Need = 'all' | 'files' | 'annotations';

export interface ItemBatch {
  items: BackupItem[];
  files: LibraryFile[];
}

/** A backup grew the server's memory by 72-81 MB with this budget, by 145 MB without (docs/benchmarks.md). */
const HEAP_GROWTH = 24 * 1024 * 1024;

/** Lets other requests run between two batches (PGlite answers one statement at a time). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A user's library as backup records, read through the modules that own each table (their
 * backup.ts), a page of items at a time by id: never the whole library in memory.
 */
export class LibraryReader {
  /** garbage collected past this much heap growth, between batches (platform/heap-budget.ts) */
  private readonly heap = new HeapBudget(HEAP_GROWTH);

  constructor(private readonly deps: LibraryDeps) {}

  async account(
    userId: number,
  ): Promise<{ account: BackupAccount; groups: BackupGroup[]; files: LibraryFile[] }> {
    const found = await profileOf(this.deps.db, userId);
    if (!found) throw new Error(`no user ${userId}`);
    const settings = await outlinerSettingsOf(this.deps.db, userId);
    const { profile, preferences } = found;
    const avatarKey = /^\/api\/files\/(avatars\/\d+\/[^/?]+)/.exec(profile.avatarUrl ?? '')?.[1];
    const avatarMember = avatarKey ? memberOf(avatarKey) : null;
    const groups = await membershipsOf(this.deps.db, userId);
    const review = await reviewSettingsOf(this.deps.db, userId);
    return {
      account: {
        id: userId,
        profile: {
          name: profile.name,
          first_name: profile.firstName,
          last_name: profile.lastName,
          avatar: profile.avatarUrl,
          teacher: profile.teacher,
          company_name: profile.companyName,
          company_uri: profile.companyUri,
          show_classic: profile.showClassic,
          open_text_view: profile.openTextView,
          created_at: iso(profile.createdAt),
        },
        preferences: preferences && {
          newsletter: preferences.newsletter,
          important_only: preferences.importantOnly,
          when_contact_join: preferences.whenContactJoin,
          when_follow: preferences.whenFollow,
          follow_auth: preferences.followAuth,
          private_rss_feed: preferences.privateRssFeed,
          language: preferences.language,
          guides_seen: preferences.guidesSeen,
        },
        outliner_settings: { show_quota: settings.showQuota, source_link: settings.sourceLink },
        review_settings: review && {
          cards_per_day: review.cardsPerDay,
          sources: review.sources,
          tags: review.tags,
          new_join: review.newJoin,
          digest: review.digest,
          digest_hour: review.digestHour,
          digest_weekday: review.digestWeekday,
          time_zone: review.timeZone,
        },
      },
      groups: groups.map((g) => ({ name: g.name, display_name: g.displayName, role: g.role })),
      files: avatarKey && avatarMember ? [{ key: avatarKey, member: avatarMember }] : [],
    };
  }

  /**
   * The user's items with everything that hangs on them, a batch at a time, in id order. A pass
   * that needs only the files, or only the annotations, leaves the rest unread.
   */
  async *items(userId: number, need: Need = 'all', size = ITEM_BATCH): AsyncGenerator<ItemBatch> {
    const db = this.deps.db;
    let after = 0;
    for (;;) {
      const rows = await itemsAfter(db, userId, after, size);
      if (!rows.length) return;
      after = rows[rows.length - 1]!.id;
      const ids = rows.map((r) => r.id);
      const none = new Map();
      // at once: on PostgreSQL each is a round trip of its own (PGlite runs them one after another)
      const [tags, annotations, files, pages, pictures, shares, review] = await Promise.all([
        need === 'all' ? this.deps.tags.tagNamesFor(db, ids) : none,
        need === 'files' ? none : annotationsOfItems(db, ids),
        need === 'annotations' ? none : filesOfItems(db, ids),
        need === 'all' ? pagesOfItems(db, ids) : none,
        need === 'files' ? pictureKeysOfItems(db, ids) : none,
        need === 'all' ? sharesOfItems(db, ids) : none,
        need === 'all' ? reviewOfItems(db, userId, ids) : none,
      ]);
      const batch: ItemBatch = { items: [], files: [] };
      for (const row of rows) {
        const file = files.get(row.id);
        const page = pages.get(row.id);
        // the files pass reads only the copy's picture keys
        for (const key of (pictures as Map<number, string[]>).get(row.id) ?? []) {
          const member = memberOf(key);
          if (member) batch.files.push({ key, member });
        }
        const notePictures = row.type === 'note' ? notePicturesOf(row) : [];
        const item = itemRecord(row, {
          tags: tags.get(row.id) ?? '',
          annotations: annotations.get(row.id) ?? [],
          review,
          file: file ? fileRecord(file, batch.files) : null,
          page: page ? pageRecord(page, batch.files) : null,
          notePictures: notePictures.flatMap((key) => {
            const member = memberOf(key);
            if (!member) return [];
            batch.files.push({ key, member });
            return [member];
          }),
          groups: shares.get(row.id) ?? [],
        });
        batch.items.push(item);
      }
      yield batch;
      this.heap.check();
      await breathe();
    }
  }

  /** The user's outliners with their trees, one at a time. */
  async *outliners(userId: number): AsyncGenerator<BackupOutliner> {
    let after = 0;
    for (;;) {
      const rows = await outlinersAfter(this.deps.db, userId, after, 20);
      if (!rows.length) return;
      after = rows[rows.length - 1]!.id;
      for (const o of rows) {
        const entries = await entriesOf(this.deps.db, o.id);
        yield {
          id: o.id,
          title: o.title,
          description: o.description,
          privacy: o.privacy,
          shared: o.shareKey !== null,
          created_at: iso(o.createdAt),
          updated_at: iso(o.updatedAt),
          entries: entries.map((e) => ({
            id: e.id,
            parent_id: e.parentId,
            position: e.position,
            kind: e.kind,
            text: e.text,
            note: e.note,
            collapsed: e.collapsed,
            link_id: e.linkId,
            ann_id: e.annId,
            created_at: iso(e.createdAt),
            updated_at: iso(e.updatedAt),
          })),
        };
      }
      this.heap.check();
      await breathe();
    }
  }
}

function notePicturesOf(row: ItemRow): string[] {
  return [...imagesIn([{ content: row.noteContent }])].filter((key) =>
    key.startsWith(`notes/${row.userId}/`),
  );
}

function itemRecord(
  row: ItemRow,
  parts: {
    tags: string;
    annotations: OwnAnnotation[];
    review: Map<number, HighlightReview>;
    file: BackupFile | null;
    page: BackupPage | null;
    notePictures: string[];
    groups: string[];
  },
): BackupItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    url: row.url,
    src_url: row.srcUrl,
    note_content: row.noteContent,
    note_type: row.noteType,
    unread: row.unread,
    private: row.private,
    local_id: row.localId,
    thumbnail_url: row.thumbnailUrl,
    download_url: row.downloadUrl,
    permanent_url: row.permanentUrl,
    starred: row.starred,
    capture_status: row.captureStatus,
    capture_error: row.captureError,
    captured_at: isoOrNull(row.capturedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    tags: parts.tags ? parts.tags.split(',') : [],
    annotations: parts.annotations.map((a) => annotationRecord(a, parts.review.get(a.id))),
    file: parts.file,
    page: parts.page,
    note_pictures: parts.notePictures,
    groups: parts.groups,
  };
}

export function annotationRecord(a: OwnAnnotation, review?: HighlightReview): BackupAnnotation {
  const card = review?.card;
  return {
    id: a.id,
    shape: a.shape,
    content: a.content,
    ann_md5: a.annMd5,
    color: a.color,
    selector: a.selector,
    anchored: a.anchored,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    sticky_notes: a.stickyNotes.map((n) => ({
      content: n.content,
      s_mode: n.sMode,
      created_at: iso(n.createdAt),
      updated_at: iso(n.updatedAt),
    })),
    review_card: card
      ? {
          due: iso(card.due),
          stability: card.stability,
          difficulty: card.difficulty,
          elapsed_days: card.elapsedDays,
          scheduled_days: card.scheduledDays,
          learning_steps: card.learningSteps,
          reps: card.reps,
          lapses: card.lapses,
          state: card.state,
          last_review: isoOrNull(card.lastReview),
          excluded: card.excluded,
          favourite: card.favourite,
        }
      : null,
    review_answers: (review?.answers ?? []).map((r) => ({
      grade: r.grade,
      day: r.day,
      answered_at: iso(r.answeredAt),
    })),
  };
}

function fileRecord(file: ItemFileRow, files: LibraryFile[]): BackupFile | null {
  const path = memberOf(file.blobKey);
  if (!path) return null;
  files.push({ key: file.blobKey, member: path });
  const thumbnails: Record<string, string> = {};
  for (const [width, key] of Object.entries(file.thumbnails as Record<string, string>)) {
    const member = memberOf(key);
    if (!member) continue;
    thumbnails[width] = member;
    files.push({ key, member });
  }
  return {
    path,
    content_type: file.contentType,
    size: file.size,
    file_name: file.fileName,
    sha256: file.sha256,
    width: file.width,
    height: file.height,
    page_count: file.pageCount,
    thumbnails,
    rotation: file.rotation,
    text_status: file.textStatus,
    text: file.text,
    created_at: iso(file.createdAt),
  };
}

function pageRecord(page: PageRow, files: LibraryFile[]): BackupPage {
  const pictures: string[] = [];
  for (const key of page.pictures) {
    const member = memberOf(key);
    if (!member) continue;
    pictures.push(member);
    files.push({ key, member });
  }
  return {
    source_url: page.sourceUrl,
    final_url: page.finalUrl,
    title: page.title,
    html: page.html,
    text: page.text,
    lead_image_url: page.leadImageUrl,
    pictures,
    captured_at: iso(page.capturedAt),
  };
}
