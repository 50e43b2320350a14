import { PassThrough } from 'node:stream';
import type { Db, Executor } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { restoreAnnotations } from '../annotations/backup.ts';
import { restorePage } from '../capture/backup.ts';
import { ownGroupsByName, restoreShares } from '../groups/backup.ts';
import { ImportFormatError } from '../import/entry.ts';
import type { FolioPart } from '../import/parsers/folio.ts';
import {
  findRestored,
  insertRestored,
  itemsAfter,
  setRestoredFields,
  starRestored,
} from '../items/backup.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import { sniffImage } from '../notes/images.ts';
import {
  findRestoredOutliner,
  outlinersAfter,
  restoreOutliner,
  restoreOutlinerSettings,
} from '../outliners/backup.ts';
import { restoreReview, restoreReviewSettings } from '../review/backup.ts';
import { restoreProfile } from '../settings/backup.ts';
import type { TagsService } from '../tags/service.ts';
import { restoreFile } from '../uploads/backup.ts';
import { sniffUpload } from '../uploads/sniff.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, keyOf, rehome } from './model.ts';
import {
  backupAccount,
  backupGroups,
  backupItem,
  backupOutliner,
  type ParsedAccount,
  type ParsedItem,
  type ParsedOutliner,
  problemOf,
} from './records.ts';
import { annotationsOf, restoredItem, reviewsOf } from './restore-rows.ts';
import { drainOf } from './zip-out.ts';

export interface RestoreDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  items: ItemsService;
  tags: TagsService;
}

/** What the import's summary counts; `at` numbers the backup's records (items, then outliners). */
export interface RestoreReport {
  progress(
    done: number,
    written: {
      added: number;
      merged: number;
      skipped: number;
      failed: number;
      problems: { at: { entry: number }; message: string }[];
    },
  ): Promise<void>;
}

/** Items written per transaction. */
const BATCH = 100;

/**
 * Restores a Folio backup into an account (docs/backup-format.md): the files are stored as they
 * arrive under the account's own keys (same names), then each item is made with every field through
 * the modules that own its tables, or found again (the same bookmark address; else the same type,
 * title and creation time) and merged into; outliners come last, their entries pointing at the
 * restored items and highlights, each highlight with its Daily Review card and answers. Ids are
 * remapped; addresses of stored files in note and page HTML follow. The profile and preferences
 * (the review's among them) are restored only into an account that holds nothing yet.
 */
export class FolioRestore {
  constructor(private readonly deps: RestoreDeps) {}

  /** The records a backup holds (the progress bar's total), without inflating its files. */
  async count(parts: AsyncIterable<FolioPart>): Promise<number> {
    let n = 0;
    for await (const part of parts) if (part.kind === 'item' || part.kind === 'outliner') n += 1;
    return n;
  }

  async restore(user: { id: number }, parts: AsyncIterable<FolioPart>, report: RestoreReport): Promise<void> {
    const run = new RestoreRun(this.deps, user, await this.isEmpty(user.id), report);
    for await (const part of parts) await run.take(part);
    await run.finish();
  }

  private async isEmpty(userId: number): Promise<boolean> {
    const [item] = await itemsAfter(this.deps.db, userId, 0, 1);
    const [outliner] = await outlinersAfter(this.deps.db, userId, 0, 1);
    return !item && !outliner;
  }
}

type Problem = { at: { entry: number }; message: string };
type Written = { added: number; merged: number; skipped: number; failed: number; problems: Problem[] };
const nothing = (): Written => ({ added: 0, merged: 0, skipped: 0, failed: 0, problems: [] });

class RestoreRun {
  private source: ParsedAccount | undefined;
  private groups = new Map<string, number>();
  private readonly missingGroups = new Set<string>();
  private readonly itemIds = new Map<number, number>();
  private readonly annotationIds = new Map<number, number>();
  private batch: { item: ParsedItem; at: number }[] = [];
  private written = nothing();
  private at = 0;
  private file: { member: string; body: PassThrough | null; stored: Promise<unknown> } | undefined;
  private checked = false;

  constructor(
    private readonly deps: RestoreDeps,
    private readonly user: { id: number },
    private readonly empty: boolean,
    private readonly report: RestoreReport,
  ) {}

  async take(part: FolioPart): Promise<void> {
    if (part.kind === 'file') return this.takeFile(part);
    if (part.kind === 'field') return this.takeField(part.name, part.value);
    this.at += 1;
    if (!this.checked)
      throw new ImportFormatError('This Folio backup has no format field before its records.');
    if (part.kind === 'item') {
      const parsed = backupItem.safeParse(part.value);
      if (!parsed.success) return this.problem(`Item left out: ${problemOf(parsed.error)}`);
      this.batch.push({ item: parsed.data, at: this.at });
      if (this.batch.length >= BATCH) await this.flush();
      return;
    }
    await this.flush();
    const parsed = backupOutliner.safeParse(part.value);
    if (!parsed.success) return this.problem(`Outliner left out: ${problemOf(parsed.error)}`);
    await this.writeOutliner(parsed.data);
    await this.send();
  }

  async finish(): Promise<void> {
    await this.flush();
    for (const name of this.missingGroups)
      this.written.problems.push({
        at: { entry: 0 },
        message: `Not shared to the group ${name}: you belong to no group of that name here.`,
      });
    await this.send();
  }

  /**
   * A piece of a stored file: streamed into the blob store under this account's key. Its type is
   * read from its first bytes, as every upload's is: a file that is not the picture or PDF its area
   * holds is left out.
   */
  private async takeFile(part: Extract<FolioPart, { kind: 'file' }>) {
    if (!this.file || this.file.member !== part.member) {
      const key = keyOf(part.member, this.user.id);
      const head = Buffer.from(part.data.subarray(0, 4100));
      const type = key?.startsWith('items/') ? (sniffUpload(head) ?? sniffImage(head)) : sniffImage(head);
      if (!key || !type) {
        this.file = { member: part.member, body: null, stored: Promise.resolve() };
        this.written.problems.push({
          at: { entry: 0 },
          message: `File left out: ${part.member.slice(0, 200)} is not a picture or PDF.`,
        });
      } else {
        const body = new PassThrough({ highWaterMark: 1024 * 1024 });
        this.file = { member: part.member, body, stored: this.deps.blobs.put(key, body, type.mime) };
      }
    }
    const file = this.file;
    if (file.body && !file.body.write(part.data)) await drainOf(file.body);
    if (part.final) {
      file.body?.end();
      await file.stored;
      this.file = undefined;
    }
  }

  private async takeField(name: string, value: unknown) {
    if (name === 'format') {
      if (value !== BACKUP_FORMAT) throw new ImportFormatError('This is not a Folio backup.');
      this.checked = true;
    } else if (name === 'version') {
      if (typeof value !== 'number' || value > BACKUP_VERSION)
        throw new ImportFormatError('This backup was made by a newer Folio: it cannot be read here yet.');
    } else if (name === 'account') {
      const parsed = backupAccount.safeParse(value);
      if (!parsed.success)
        throw new ImportFormatError(`The account of this backup cannot be read: ${problemOf(parsed.error)}`);
      this.source = parsed.data;
      if (this.empty) await this.restoreAccount(parsed.data);
    } else if (name === 'groups') {
      if (!backupGroups.safeParse(value).success)
        throw new ImportFormatError('The groups of this backup cannot be read.');
      this.groups = await ownGroupsByName(this.deps.db, this.user.id);
    }
  }

  private async restoreAccount(account: ParsedAccount) {
    const p = account.profile;
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await restoreProfile(
        tx,
        this.user.id,
        {
          firstName: p.first_name,
          lastName: p.last_name,
          avatarUrl: p.avatar === null ? null : rehome(p.avatar, account.id, this.user.id),
          teacher: p.teacher,
          companyName: p.company_name,
          companyUri: p.company_uri,
          showClassic: p.show_classic,
          openTextView: p.open_text_view,
        },
        account.preferences && {
          newsletter: account.preferences.newsletter,
          importantOnly: account.preferences.important_only,
          whenContactJoin: account.preferences.when_contact_join,
          whenFollow: account.preferences.when_follow,
          followAuth: account.preferences.follow_auth,
          privateRssFeed: account.preferences.private_rss_feed,
          language: account.preferences.language,
          guidesSeen: account.preferences.guides_seen,
        },
        now,
      );
      await restoreOutlinerSettings(tx, this.user.id, {
        showQuota: account.outliner_settings.show_quota,
        sourceLink: account.outliner_settings.source_link,
      });
      const review = account.review_settings;
      if (review)
        await restoreReviewSettings(
          tx,
          this.user.id,
          {
            cardsPerDay: review.cards_per_day,
            sources: review.sources,
            tags: review.tags,
            newJoin: review.new_join,
            digest: review.digest,
            digestHour: review.digest_hour,
            digestWeekday: review.digest_weekday,
            timeZone: review.time_zone,
          },
          now,
        );
    });
  }

  private problem(message: string) {
    this.written.skipped += 1;
    this.written.problems.push({ at: { entry: this.at }, message });
  }

  private async send() {
    const written = this.written;
    this.written = nothing();
    await this.report.progress(this.at, written);
  }

  /** A batch of items in one transaction; their tabs hear of them after it commits. */
  private async flush() {
    if (!this.batch.length) return;
    const batch = this.batch;
    this.batch = [];
    const from = this.source?.id ?? 0;
    const touched = await this.deps.db.transaction(async (tx) => {
      const ids: number[] = [];
      const fresh: { item: ParsedItem; at: number }[] = [];
      const found: Authorized<'item', ItemRow>[] = [];
      const toStar: Authorized<'item', ItemRow>[] = [];
      for (const entry of batch) {
        const same = await findRestored(tx, this.user, {
          type: entry.item.type,
          url: entry.item.url,
          title: entry.item.title,
          createdAt: entry.item.created_at,
        });
        if (same) {
          await this.merge(tx, same, entry.item);
          found.push(same);
          if (entry.item.starred) toStar.push(same);
          ids.push(same.id);
        } else fresh.push(entry);
      }
      await starRestored(tx, toStar);
      const made = await insertRestored(
        tx,
        this.user,
        fresh.map(({ item }) => restoredItem(item, from, this.user.id)),
      );
      await this.deps.tags.tagNewItems(
        tx,
        this.user.id,
        made.map((row, i) => ({ itemId: row.id, names: fresh[i]!.item.tags })),
      );
      for (const [i, row] of made.entries()) {
        await this.fill(tx, row, fresh[i]!.item, from);
        ids.push(row.id);
      }
      return { ids, added: made.length, merged: found.length };
    });
    this.written.added += touched.added;
    this.written.merged += touched.merged;
    await this.deps.items.publishUpserts(this.user.id, touched.ids);
    await this.send();
  }

  /** An item the account has already: the backup's tags, star, highlights and shares are added to it. */
  private async merge(tx: Executor, item: Authorized<'item', ItemRow>, backup: ParsedItem) {
    this.itemIds.set(backup.id, item.id);
    const current = (await this.deps.tags.tagNamesFor(tx, [item.id])).get(item.id) ?? '';
    const names = current ? current.split(',') : [];
    const known = new Set(names.map((n) => n.toLowerCase()));
    const adding = backup.tags.filter((t) => !known.has(t.toLowerCase()));
    if (adding.length) await this.deps.tags.setItemTags(tx, this.user.id, item.id, [...names, ...adding]);
    const { ids, count } = await restoreAnnotations(tx, item, backup.id, annotationsOf(backup));
    for (const [source, id] of ids) this.annotationIds.set(source, id);
    await restoreReview(tx, this.user.id, reviewsOf(backup, ids));
    if (count !== item.annotationCount) await this.deps.items.setAnnotationCount(tx, item, count);
    await this.share(tx, item, backup);
  }

  /** Everything that hangs on a new item: its file, its page copy, annotations, shares, then its addresses. */
  private async fill(tx: Executor, item: Authorized<'item', ItemRow>, backup: ParsedItem, from: number) {
    this.itemIds.set(backup.id, item.id);
    const to = this.user.id;
    if (backup.file) {
      const f = backup.file;
      const thumbnails: Record<string, string> = {};
      for (const [width, member] of Object.entries(f.thumbnails)) {
        const key = keyOf(member, to);
        if (key) thumbnails[width] = key;
      }
      await restoreFile(tx, item, {
        blobKey: keyOf(f.path, to)!,
        contentType: f.content_type,
        size: f.size,
        fileName: f.file_name,
        sha256: f.sha256,
        width: f.width,
        height: f.height,
        pageCount: f.page_count,
        thumbnails,
        rotation: f.rotation,
        textStatus: f.text_status,
        text: f.text,
        createdAt: f.created_at,
      });
      if (f.text) await this.deps.items.setPageText(tx, item, f.text);
    }
    if (backup.page) {
      const p = backup.page;
      await restorePage(tx, this.deps, item, {
        sourceUrl: p.source_url,
        finalUrl: p.final_url,
        title: p.title,
        html: rehome(p.html, from, to),
        text: p.text,
        leadImageUrl: p.lead_image_url === null ? null : rehome(p.lead_image_url, from, to),
        pictures: p.pictures.map((m) => keyOf(m, to)).filter((k): k is string => k !== null),
        capturedAt: p.captured_at,
      });
    }
    const { ids, count } = await restoreAnnotations(tx, item, backup.id, annotationsOf(backup));
    for (const [source, id] of ids) this.annotationIds.set(source, id);
    await restoreReview(tx, this.user.id, reviewsOf(backup, ids));
    await this.share(tx, item, backup);
    const own = { from: backup.id, to: item.id };
    const address = (url: string | null) => (url === null ? null : rehome(url, from, to, own));
    await setRestoredFields(tx, item, {
      thumbnailUrl: address(backup.thumbnail_url),
      downloadUrl: address(backup.download_url),
      permanentUrl: address(backup.permanent_url),
      updatedAt: backup.updated_at,
      annotationCount: count,
    });
  }

  private async share(tx: Executor, item: Authorized<'item', ItemRow>, backup: ParsedItem) {
    const groupIds: number[] = [];
    for (const name of backup.groups) {
      const id = this.groups.get(name.toLowerCase());
      if (id === undefined) this.missingGroups.add(name);
      else groupIds.push(id);
    }
    await restoreShares(tx, item, groupIds, this.deps.clock.now());
  }

  private async writeOutliner(outliner: ParsedOutliner) {
    await this.deps.db.transaction(async (tx) => {
      if (
        await findRestoredOutliner(tx, this.user.id, {
          title: outliner.title,
          createdAt: outliner.created_at,
        })
      ) {
        this.written.merged += 1;
        return;
      }
      await restoreOutliner(tx, this.user.id, {
        title: outliner.title,
        description: outliner.description,
        privacy: outliner.privacy,
        shared: outliner.shared,
        createdAt: outliner.created_at,
        updatedAt: outliner.updated_at,
        entries: outliner.entries.map((e) => {
          const linkId = e.link_id === null ? null : (this.itemIds.get(e.link_id) ?? null);
          const annId = e.ann_id === null ? null : (this.annotationIds.get(e.ann_id) ?? null);
          // an entry whose item or highlight is not in this library keeps its text
          const kind = (e.kind === 'item' && !linkId) || (e.kind === 'highlight' && !annId) ? 'text' : e.kind;
          return {
            id: e.id,
            parentId: e.parent_id,
            position: e.position,
            kind,
            text: e.text,
            note: e.note,
            collapsed: e.collapsed,
            linkId: kind === 'text' ? null : linkId,
            annId: kind === 'highlight' ? annId : null,
            createdAt: e.created_at,
            updatedAt: e.updated_at,
          };
        }),
      });
      this.written.added += 1;
    });
  }
}
