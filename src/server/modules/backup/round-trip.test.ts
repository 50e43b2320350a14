import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark, saveNote, userIdOf } from '../../../../test/factories/items.ts';
import { uploadFile, fixture as uploadFixture } from '../../../../test/factories/uploads.ts';
import { importKindle, setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { otherDatabase } from '../../../../test/helpers/database.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';
import type { Db } from '../../db/client.ts';
import {
  annotations,
  groupItems,
  groups,
  itemCounts,
  itemFiles,
  itemPages,
  items,
  itemTags,
  outlinerEntries,
  outlinerSettings,
  outliners,
  stickyNotes,
  tags,
  userSettings,
  users,
} from '../../db/schema.ts';
import { SignInThrottle } from '../../platform/auth/throttle.ts';
import { LocalBlobStore } from '../../platform/blob-store.ts';
import { AccountsService } from '../accounts/service.ts';
import { TagsService } from '../tags/service.ts';
import { folioBackupFormat } from './formats.ts';

/**
 * The round trip (issue 29): a rich library built through the product's own calls is backed up,
 * restored through POST /api/import into a new account on the other database, and compared row by
 * row and file by file (ids aside); a second restore changes nothing; another user's library never
 * enters the backup.
 */
let a: TestApp;
let b: TestApp;
let site: TestSite;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let aliceId: number;
let backupFile: string;
let sharedGroup: string;
let otherGroup: string;

const blobsOf = (t: TestApp) => new LocalBlobStore(path.join(t.config.dataDir, 'files'));
const tagsOf = (t: TestApp) =>
  new TagsService({
    db: t.database.db,
    clock: t.clock,
    accounts: new AccountsService({
      db: t.database.db,
      clock: t.clock,
      throttle: new SignInThrottle(t.database.db, t.clock),
    }),
  });

// biome-ignore lint/suspicious/noExplicitAny: the test reads replies loosely; their schemas are checked by the app
async function ok(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function buildLibrary() {
  await setPlan(a.database, alice, 'professional');
  // the profile and preferences, restored into the empty account
  const setting = (name: string, body: unknown) => alice.post(`/api/settings/${name}`, body).then(ok);
  await setting('changeRealName', { firstName: 'Ada', lastName: 'Lovelace' });
  await setting('setNewslettersNotif', { value: false });
  await setting('setOutlinerSettings', { quota: false });
  await setting('setOpenTextView', { value: false });
  // bookmarks: a captured page (its copy, pictures and cover), tags, a star, read and private states
  const article = await saveBookmark(alice, {
    url: site.url('/article.html'),
    title: 'Balcony tomatoes',
    tags: 'garden, summer',
    private: true,
    unread: true,
  });
  const plain = await saveBookmark(alice, {
    url: site.url('/no-title.html'),
    title: 'Plain page',
    tags: 'garden',
  });
  await saveBookmark(alice, { url: site.url('/status/404'), title: 'Gone page', private: false });
  await a.jobs.runDueJobs();
  await ok(await alice.post('/ditem_mana2/star', { link_id: plain.link_id, starred: 1 }));

  // highlights of each shape, sticky notes on them
  const add = async (linkId: number, body: Record<string, unknown>) =>
    (
      await ok(
        await alice.post('/annotation_mana/add_annotation', { link_id: linkId, color: 'yellow', ...body }),
      )
    ).annotation.id as number;
  const quote = (exact: string, start: number) => [
    { type: 'TextQuoteSelector', exact, prefix: 'gardener ', suffix: ' on' },
    { type: 'TextPositionSelector', start, end: start + exact.length },
  ];
  const highlight = await add(article.link_id, {
    shape: 0,
    content: 'balcony',
    color: 'green',
    selector: quote('balcony', 10),
  });
  await ok(
    await alice.post('/annotation_mana/post_sticky_note', {
      sContent: 'Try this next spring',
      link_id: article.link_id,
      ann_id: highlight,
      sMode: 2,
    }),
  );
  await add(article.link_id, {
    shape: 2,
    content: 'A thought in the margin',
    selector: [{ type: 'FloatPositionSelector', x: 0.5, y: 0.25 }],
  });
  await add(plain.link_id, {
    shape: 5,
    content: 'extension words',
    color: 'pink',
    selector: quote('extension words', 3),
  });

  // files: a PDF (with a highlight on a page) and a picture, their thumbnails and text made by the jobs
  const pdf = await ok(
    await uploadFile(alice, uploadFixture('field-guide.pdf'), {
      filename: 'field-guide.pdf',
      fields: { tags: 'guides' },
    }),
  );
  await ok(
    await uploadFile(alice, uploadFixture('photo.jpg'), { filename: 'photo.jpg', url: '/item/save/image' }),
  );
  await a.jobs.runDueJobs();
  const pdfId = pdf.items[0].link_id as number;
  await add(pdfId, {
    shape: 9,
    content: 'page quote',
    color: 'blue',
    selector: [{ type: 'PageSelector', page: 1 }, ...quote('page quote', 0)],
  });

  // a note showing a picture
  const picture = multipartBody([
    { name: 'files[]', value: uploadFixture('blue-square.png'), filename: 'p.png', contentType: 'image/png' },
  ]);
  const uploaded = await ok(
    await alice.request({
      method: 'POST',
      url: '/item/save/image?for=note',
      payload: picture.payload,
      headers: picture.headers,
    }),
  );
  const src = JSON.stringify(uploaded).match(/\/api\/files\/notes\/\d+\/[A-Za-z0-9_-]+\.png/)![0];
  const note = await saveNote(alice, {
    title: 'Seed list',
    content: `<p>Seeds</p><p><img src="${src}"></p>`,
    tags: ['garden'],
  });

  // a Kindle book
  await importKindle(
    alice,
    readFileSync(path.join(import.meta.dirname, '../../../../test/fixtures/my-clippings.txt'), 'utf8'),
  );

  // an outliner three deep holding an item and a highlight
  const outliner = (await ok(await alice.post('/outliner/new', { title: 'Garden plan' }))).outliner
    .id as number;
  const entry = async (body: Record<string, unknown>) =>
    (await ok(await alice.post(`/api/outliners/${outliner}/entries`, body))).entry.id as number;
  const top = await entry({ text: 'Spring' });
  const middle = await entry({ text: 'Balcony', parent_id: top });
  await entry({ parent_id: middle, link_id: article.link_id });
  await entry({ parent_id: middle, link_id: article.link_id, ann_id: highlight });
  await entry({ parent_id: middle, link_id: note });
  await entry({ text: 'Autumn', after_id: top });

  // shares to two groups; only one of their names is a group of the restoring user
  sharedGroup = (await createGroup(alice)).g_name;
  otherGroup = (await createGroup(alice)).g_name;
  for (const g of [sharedGroup, otherGroup])
    await alice.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${g}`,
      payload: { ids: `0:${article.link_id}` },
    });

  // another user's library, which must never enter Alice's backup
  await saveBookmark(bob, { url: site.url('/article.html'), title: 'Bob secret page', tags: 'bobtag' });
  await saveNote(bob, { title: 'Bob secret note' });
  await a.jobs.runDueJobs();
}

beforeAll(async () => {
  site = await startTestSite();
  a = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  b = await createTestApp({}, { database: await otherDatabase() });
  alice = await a.signUp();
  bob = await a.signUp();
  aliceId = await userIdOf(a.database, alice.name!);
  await buildLibrary();
  backupFile = path.join(mkdtempSync(path.join(tmpdir(), 'folio-backup-')), 'backup.zip');
  const out = createWriteStream(backupFile);
  await folioBackupFormat({ db: a.database.db, blobs: blobsOf(a), tags: tagsOf(a), clock: a.clock }).write(
    aliceId,
    out,
  );
  out.end();
  await finished(out);
  carol = await b.signUp();
  await createGroup(carol, sharedGroup);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await site?.close();
});

async function restore(client: TestClient, t: TestApp) {
  const { payload, headers } = multipartBody([
    { name: 'file', value: readFileSync(backupFile), filename: 'backup.zip', contentType: 'application/zip' },
  ]);
  const { job_id } = await ok(await client.request({ method: 'POST', url: '/api/import', payload, headers }));
  await t.jobs.runDueJobs();
  const status = await ok(await client.get(`/api/import/${job_id}`));
  expect(status).toMatchObject({ state: 'done', format: 'folio' });
  return status;
}

type Row = Record<string, unknown>;

/**
 * Everything of a user's library, with ids replaced by each row's place in id order (the restore
 * keeps that order) and the owner's id out of blob keys and file addresses: two libraries that are
 * the same compare equal whatever their ids.
 */
async function dump(db: Db, userId: number) {
  const itemRows = await db.select().from(items).where(eq(items.userId, userId)).orderBy(items.id);
  const itemIds = itemRows.map((r) => r.id);
  const n = (ids: number[]) => (id: number | null) => (id === null ? null : ids.indexOf(id));
  const itemN = n(itemIds);
  const annotationRows = itemIds.length
    ? await db.select().from(annotations).where(inArray(annotations.itemId, itemIds)).orderBy(annotations.id)
    : [];
  const annN = n(annotationRows.map((r) => r.id));
  const outlinerRows = await db
    .select()
    .from(outliners)
    .where(eq(outliners.userId, userId))
    .orderBy(outliners.id);
  const outlinerN = n(outlinerRows.map((r) => r.id));
  const entryRows = outlinerRows.length
    ? await db
        .select()
        .from(outlinerEntries)
        .where(
          inArray(
            outlinerEntries.outlinerId,
            outlinerRows.map((r) => r.id),
          ),
        )
        .orderBy(outlinerEntries.id)
    : [];
  const entryN = n(entryRows.map((r) => r.id));
  const tagRows = await db.select().from(tags).where(eq(tags.userId, userId)).orderBy(tags.name);
  const tagName = new Map(tagRows.map((r) => [r.id, r.name]));
  const text = (row: unknown) =>
    JSON.parse(
      JSON.stringify(row)
        .replace(/\/api\/files\/items\/(\d+)\//g, (_, id) => `/api/files/items/#${itemN(Number(id))}/`)
        .replace(new RegExp(`(items|notes|pages|avatars)/${userId}/`, 'g'), '$1/@/'),
    );
  const strip = <T extends Row>(row: T, ...keys: string[]) => {
    const out: Row = { ...row };
    for (const k of keys) delete out[k];
    return out;
  };
  return text({
    items: itemRows.map((r) => ({
      ...strip(r, 'id', 'userId'),
      outlinerIds: r.outlinerIds.map((id) => outlinerN(id)),
    })),
    tags: tagRows.map((r) => strip(r, 'id', 'userId', 'lastUsedAt')),
    itemTags: (itemIds.length
      ? await db.select().from(itemTags).where(inArray(itemTags.itemId, itemIds))
      : []
    )
      .map((r) => ({ item: itemN(r.itemId), tag: tagName.get(r.tagId), position: r.position }))
      .sort((x, y) => x.item! - y.item! || x.position - y.position),
    itemCounts: (await db.select().from(itemCounts).where(eq(itemCounts.userId, userId)))
      .map((r) => strip(r, 'userId'))
      .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    annotations: annotationRows.map((r) => ({
      ...strip(r, 'id', 'userId', 'annMd5'),
      itemId: itemN(r.itemId),
    })),
    stickyNotes: (itemIds.length
      ? await db
          .select()
          .from(stickyNotes)
          .where(inArray(stickyNotes.itemId, itemIds))
          .orderBy(stickyNotes.id)
      : []
    ).map((r) => ({
      ...strip(r, 'id', 'userId'),
      itemId: itemN(r.itemId),
      annotationId: annN(r.annotationId),
    })),
    files: (itemIds.length ? await db.select().from(itemFiles).where(inArray(itemFiles.itemId, itemIds)) : [])
      .map((r) => ({ ...strip(r, 'userId'), itemId: itemN(r.itemId) }))
      .sort((x, y) => x.itemId! - y.itemId!),
    pages: (itemIds.length ? await db.select().from(itemPages).where(inArray(itemPages.itemId, itemIds)) : [])
      .map((r) => ({ ...strip(r, 'userId'), itemId: itemN(r.itemId) }))
      .sort((x, y) => x.itemId! - y.itemId!),
    outliners: outlinerRows.map((r) => ({
      ...strip(r, 'id', 'userId', 'shareKey', 'treeVersion'),
      shared: r.shareKey !== null,
    })),
    entries: entryRows.map((r) => ({
      ...strip(r, 'id'),
      outlinerId: outlinerN(r.outlinerId),
      parentId: entryN(r.parentId),
      linkId: itemN(r.linkId),
      annId: annN(r.annId),
    })),
    outlinerSettings: (
      await db.select().from(outlinerSettings).where(eq(outlinerSettings.userId, userId))
    ).map((r) => strip(r, 'userId')),
    shares: (itemIds.length
      ? await db
          .select({ itemId: groupItems.itemId, group: groups.gName })
          .from(groupItems)
          .innerJoin(groups, eq(groups.id, groupItems.groupId))
          .where(inArray(groupItems.itemId, itemIds))
      : []
    ).map((r) => ({ item: itemN(r.itemId), group: r.group })),
    profile: (await db.select().from(users).where(eq(users.id, userId))).map((r) =>
      strip(
        r,
        'id',
        'name',
        'email',
        'passwordHash',
        'createdAt',
        'plan',
        'planUnit',
        'nextBillingAt',
        'planExpiresAt',
        'annotationUsed',
        'pdfUsed',
        'imageUsed',
        'outlinerUsed',
        'cachedPageUsed',
      ),
    ),
    settings: (await db.select().from(userSettings).where(eq(userSettings.userId, userId))).map((r) =>
      strip(r, 'userId', 'updatedAt', 'unverifiedEmail'),
    ),
  });
}

/** Every stored file a library names (uploads, thumbnails, page pictures and covers, note pictures), by key. */
async function fileBytes(t: TestApp, userId: number) {
  const db = t.database.db;
  const keys = new Set<string>();
  const rows = await db.select().from(itemFiles).where(eq(itemFiles.userId, userId));
  for (const f of rows) {
    keys.add(f.blobKey);
    for (const k of Object.values(f.thumbnails as Record<string, string>)) keys.add(k);
  }
  for (const p of await db.select().from(itemPages).where(eq(itemPages.userId, userId)))
    for (const k of p.pictures) keys.add(k);
  for (const i of await db.select().from(items).where(eq(items.userId, userId)))
    for (const m of (i.noteContent ?? '').matchAll(/\/api\/files\/(notes\/\d+\/[^"]+)/g)) keys.add(m[1]!);
  const out: Record<string, string> = {};
  for (const key of [...keys].sort()) {
    const blob = await blobsOf(t).get(key);
    expect(blob, key).not.toBeNull();
    const hash = createHash('sha256');
    for await (const chunk of blob!.stream) hash.update(chunk);
    out[key.replace(`/${userId}/`, '/@/')] = hash.digest('hex');
  }
  return out;
}

describe('the Folio backup round trip', () => {
  it('restores the library exactly into a new account on the other database, and a second restore changes nothing', async () => {
    const source = await dump(a.database.db, aliceId);
    // the library is as rich as the issue asks
    expect(new Set(source.items.map((i: Row) => i.type))).toEqual(
      new Set(['bookmark', 'pdf', 'image', 'note', 'kindle']),
    );
    expect(new Set(source.annotations.map((x: Row) => x.shape))).toEqual(new Set([0, 2, 5, 9, 10]));
    expect(source.pages.length).toBeGreaterThan(0);
    expect(source.entries.some((e: Row) => e.annId !== null)).toBe(true);
    expect(source.profile[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', openTextView: false });
    expect(source.settings[0]).toMatchObject({ newsletter: false });
    expect(source.outlinerSettings).toEqual([{ showQuota: false, sourceLink: true }]);

    const status = await restore(carol, b);
    const carolId = await userIdOf(b.database, carol.name!);
    const restored = await dump(b.database.db, carolId);
    // the share to a group of a name the restoring user has no group of is left out (and reported)
    expect(restored).toEqual({ ...source, shares: source.shares.filter((s: Row) => s.group !== otherGroup) });
    expect(source.shares).toHaveLength(2);
    expect(await fileBytes(b, carolId)).toEqual(await fileBytes(a, aliceId));
    // the group of that name here has the share; the other is reported
    expect(status.errors.map((e: { message: string }) => e.message)).toEqual([
      `Not shared to the group ${otherGroup}: you belong to no group of that name here.`,
    ]);

    const again = await restore(carol, b);
    expect(again.added).toBe(0);
    expect(await dump(b.database.db, carolId)).toEqual(restored);
  }, 120_000);

  it('holds only the owner library, and its JSON validates against the documented schema', async () => {
    const zip = unzipSync(readFileSync(backupFile));
    const names = Object.keys(zip);
    expect(names[0]).toBe('mimetype');
    const json = new TextDecoder().decode(zip['folio-backup.json']);
    for (const secret of ['Bob secret', 'bobtag']) expect(json).not.toContain(secret);
    const bobId = await userIdOf(a.database, bob.name!);
    const bobFiles = Object.keys(await fileBytes(a, bobId));
    for (const key of bobFiles) expect(names).not.toContain(`files/${key.replace('/@/', '/')}`);

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const schema = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../../docs/backup-format.schema.json'), 'utf8'),
    );
    const validate = ajv.compile(schema);
    const backup = JSON.parse(json);
    expect(validate(backup), JSON.stringify(validate.errors)).toBe(true);
    // every file a record names is in the zip
    for (const item of backup.items) {
      for (const member of [
        item.file?.path,
        ...Object.values(item.file?.thumbnails ?? {}),
        ...(item.page?.pictures ?? []),
        ...item.note_pictures,
      ])
        if (member) expect(names).toContain(member);
    }
  });
});
