import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { importKindle, setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { HIGHLIGHT_OVER_QUOTA } from '../../../shared/schemas/annotations.ts';
import { InProcessEventBus, userTopic } from '../../platform/event-bus.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let aliceId: number;
const bus = new InProcessEventBus();

beforeAll(async () => {
  t = await createTestApp({}, { bus });
  alice = await t.signUp();
  bob = await t.signUp();
  aliceId = await userIdOf(t.database, alice.name!);
});
afterAll(() => t.close());

const quote = (exact: string, start = 0) => [
  { type: 'TextQuoteSelector', exact, prefix: 'before ', suffix: ' after' },
  { type: 'TextPositionSelector', start, end: start + exact.length },
];

let seq = 0;
function highlight(linkId: number, overrides: Record<string, unknown> = {}) {
  seq += 1;
  const content = `highlighted words ${seq}`;
  return {
    link_id: linkId,
    shape: 0,
    content,
    color: 'yellow',
    selector: JSON.stringify(quote(content, seq * 100)),
    ...overrides,
  };
}
const KINDLE_BOOK = `A book (An Author)
- Your Highlight on page 1 | Location 10-12 | Added on Monday, March 4, 2019 10:12:38 PM

A highlight from the book.
==========
`;

const add = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/annotation_mana/add_annotation', body);
const loadItem = (client: TestClient, id: number) =>
  client.get('/interact_api/load_user_item', { link_id: String(id) });
const itemOf = async (client: TestClient, id: number) => (await loadItem(client, id)).json().items[0];
const annotationUsed = async (client: TestClient) =>
  (await client.get('/interact_api/load_user_info')).json().permissions.annPermission;
const setAnnotationUsed = (client: TestClient, n: number) => setUsage(t.database, client, 'annotation', n);
async function countRows(table: 'annotations' | 'sticky_notes'): Promise<number> {
  const result = (await t.database.db.execute(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

describe('POST /annotation_mana/add_annotation', () => {
  it('adds a highlight and replies with it; the item carries it with a right count', async () => {
    const item = await saveBookmark(alice);
    const before = await annotationUsed(alice);
    const body = highlight(item.link_id, { color: 'green' });
    const res = await add(alice, body);
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({ code: 1, created: true, annotation_count: 1 });
    expect(reply.annotation).toMatchObject({
      link_id: item.link_id,
      shape: 0,
      content: body.content,
      extra: { color: 'green' },
      selector: JSON.parse(body.selector),
      stickyNotes: [],
    });
    expect(reply.annotation.ann_md5).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof reply.annotation.created_at).toBe('number');

    const loaded = await itemOf(alice, item.link_id);
    expect(loaded.annotation_count).toBe(1);
    expect(loaded.annotations).toEqual([reply.annotation]);
    expect(loaded.updated_at).toBe(item.updated_at);
    expect((await annotationUsed(alice)).annotationUsedCount).toBe(before.annotationUsedCount + 1);

    // the save reply carries them too
    const saved = await saveBookmark(alice, { link_id: item.link_id, url: undefined, title: 'Renamed' });
    expect(saved).toMatchObject({ annotation_count: 1, annotations: [reply.annotation] });
  });

  it('the same highlight twice is one annotation and takes one unit', async () => {
    const item = await saveBookmark(alice);
    const body = highlight(item.link_id);
    const first = (await add(alice, body)).json();
    const used = (await annotationUsed(alice)).annotationUsedCount;
    // the selector as an array is the same anchor as its JSON text
    const again = (await add(alice, { ...body, selector: JSON.parse(body.selector), color: 'pink' })).json();
    expect(again).toMatchObject({ code: 1, created: false, annotation_count: 1 });
    expect(again.annotation.id).toBe(first.annotation.id);
    expect(again.annotation.ann_md5).toBe(first.annotation.ann_md5);
    expect((await annotationUsed(alice)).annotationUsedCount).toBe(used);
    expect((await itemOf(alice, item.link_id)).annotations).toHaveLength(1);
  });

  it('adds a float note and a PDF highlight with the selectors they need', async () => {
    const item = await saveBookmark(alice);
    const float = await add(alice, {
      link_id: String(item.link_id),
      shape: '2',
      content: 'A thought in the margin',
      selector: [{ type: 'FloatPositionSelector', x: 0.5, y: 0.25 }],
    });
    expect(float.statusCode).toBe(200);
    expect(float.json().annotation).toMatchObject({ shape: 2, extra: { color: 'yellow' } });
    const pdf = await add(alice, {
      link_id: item.link_id,
      shape: 9,
      content: 'page quote',
      selector: [{ type: 'PageSelector', page: 3 }, ...quote('page quote')],
    });
    expect(pdf.statusCode).toBe(200);
    expect((await itemOf(alice, item.link_id)).annotation_count).toBe(2);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const item = await saveBookmark(alice);
    const before = await countRows('annotations');
    const cases: [Record<string, unknown>, string, string][] = [
      [highlight(item.link_id, { color: 'purple' }), 'color', 'color must be yellow, blue, green or pink.'],
      [highlight(item.link_id, { selector: '[{"type":' }), 'selector', 'selector is not valid JSON.'],
      [
        highlight(item.link_id, { selector: '[{"type":"Nope"}]' }),
        'selector',
        'selector is not a valid anchor.',
      ],
      [highlight(item.link_id, { selector: '{}' }), 'selector', 'selector is not a valid anchor.'],
      [
        highlight(item.link_id, {
          selector: JSON.stringify([{ type: 'TextPositionSelector', start: 1, end: 4 }]),
        }),
        'selector',
        'selector needs a TextQuoteSelector.',
      ],
      [highlight(item.link_id, { content: '   ' }), 'content', 'The annotation text cannot be empty.'],
      [
        highlight(item.link_id, { content: 'x'.repeat(10_001) }),
        'content',
        'The annotation text is too long.',
      ],
      [highlight(item.link_id, { shape: 10 }), 'shape', 'shape must be 0, 2, 5, 8 or 9.'],
      [highlight(item.link_id, { shape: 'text' }), 'shape', 'shape must be 0, 2, 5, 8 or 9.'],
      [highlight(item.link_id, { link_id: 'abc' }), 'link_id', 'link_id must be a number.'],
      [highlight(item.link_id, { link_id: '' }), 'link_id', 'link_id must be a number.'],
      [highlight(item.link_id, { link_id: undefined }), 'link_id', 'link_id is required.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json()).toEqual({ code: -1, message, field });
    }
    expect(await countRows('annotations')).toBe(before);
    expect((await itemOf(alice, item.link_id)).annotation_count).toBe(0);
  });

  it("refuses another user's item and a missing one", async () => {
    const item = await saveBookmark(alice);
    for (const linkId of [item.link_id, 999_999_999]) {
      const res = await add(bob, highlight(linkId));
      expect(res.statusCode).toBe(404);
    }
    expect((await itemOf(alice, item.link_id)).annotation_count).toBe(0);
  });

  it('needs a session', async () => {
    const item = await saveBookmark(alice);
    expect((await add(t.visitor(), highlight(item.link_id))).statusCode).toBe(401);
  });

  it("sends the item to the owner's open tabs, with its annotation", async () => {
    const item = await saveBookmark(alice);
    const seen: { cmd: number; link_id: number; item?: { annotations: unknown[] } }[] = [];
    const stop = bus.subscribe(userTopic(aliceId), (p) => seen.push(p as (typeof seen)[number]));
    await add(alice, highlight(item.link_id));
    stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ cmd: 1, link_id: item.link_id });
    expect(seen[0]!.item!.annotations).toHaveLength(1);
  });
});

describe('colour, removal and sticky notes', () => {
  let linkId: number;
  let annId: number;
  beforeAll(async () => {
    linkId = (await saveBookmark(alice)).link_id;
    annId = (await add(alice, highlight(linkId))).json().annotation.id;
  });

  it('changes the colour', async () => {
    const res = await alice.post('/annotation_mana/change_annotation_color', {
      ann_id: String(annId),
      link_id: linkId,
      color: 'blue',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, annotation: { id: annId, extra: { color: 'blue' } } });
    expect((await itemOf(alice, linkId)).annotations[0].extra.color).toBe('blue');
    const bad = await alice.post('/annotation_mana/change_annotation_color', {
      ann_id: annId,
      link_id: linkId,
      color: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('color must be yellow, blue, green or pink.');
  });

  it('adds, edits and removes a sticky note; one per highlight', async () => {
    const posted = await alice.post('/annotation_mana/post_sticky_note', {
      sContent: 'my first thought',
      link_id: linkId,
      ann_id: annId,
      sMode: 2,
    });
    expect(posted.statusCode).toBe(200);
    const note = posted.json().stickyNote;
    expect(posted.json()).toEqual({
      code: 1,
      stickyNote: { id: note.id, content: 'my first thought', link_id: linkId, ann_id: annId, sMode: 2 },
    });
    // posting again replaces the text rather than making a second note
    const again = (
      await alice.post('/annotation_mana/post_sticky_note', {
        sContent: 'second thought',
        link_id: linkId,
        ann_id: annId,
        sMode: '2',
      })
    ).json();
    expect(again.stickyNote).toMatchObject({ id: note.id, content: 'second thought' });
    expect((await itemOf(alice, linkId)).annotations[0].stickyNotes).toEqual([again.stickyNote]);

    const edited = await alice.post('/annotation_mana/edit_sticky_note', {
      content: 'edited thought',
      id: note.id,
      link_id: linkId,
    });
    expect(edited.json()).toEqual({
      code: 1,
      stickyNote: { ...again.stickyNote, content: 'edited thought' },
    });

    const removed = await alice.post('/annotation_mana/remove_sticky_note', { id: note.id, link_id: linkId });
    expect(removed.json()).toEqual({ code: 1, id: note.id });
    expect((await itemOf(alice, linkId)).annotations[0].stickyNotes).toEqual([]);
    const gone = await alice.post('/annotation_mana/remove_sticky_note', { id: note.id, link_id: linkId });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad sticky-note input with a clear 400', async () => {
    const before = await countRows('sticky_notes');
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'post_sticky_note',
        { sContent: '', link_id: linkId, ann_id: annId },
        'The sticky note cannot be empty.',
      ],
      ['post_sticky_note', { sContent: 'x', link_id: linkId, ann_id: 'one' }, 'ann_id must be a number.'],
      ['post_sticky_note', { sContent: 'x', link_id: linkId, ann_id: annId, sMode: 3 }, 'sMode must be 2.'],
      ['edit_sticky_note', { content: ' ', id: 1, link_id: linkId }, 'The sticky note cannot be empty.'],
      ['edit_sticky_note', { content: 'x', id: '1.5', link_id: linkId }, 'id must be a number.'],
      ['remove_sticky_note', { id: -1, link_id: linkId }, 'id must be a number.'],
      ['remove_annotation', { ann_id: annId, link_id: 'x' }, 'link_id must be a number.'],
      [
        'change_annotation_color',
        { ann_id: 'x', link_id: linkId, color: 'blue' },
        'ann_id must be a number.',
      ],
    ];
    for (const [call, body, message] of cases) {
      const res = await alice.post(`/annotation_mana/${call}`, body);
      expect(res.statusCode, call).toBe(400);
      expect(res.json().message, call).toBe(message);
    }
    expect(await countRows('sticky_notes')).toBe(before);
  });

  it('removes an annotation with its sticky note and gives its unit back', async () => {
    const other = (await add(alice, highlight(linkId))).json().annotation;
    await alice.post('/annotation_mana/post_sticky_note', {
      sContent: 'gone soon',
      link_id: linkId,
      ann_id: other.id,
    });
    const used = (await annotationUsed(alice)).annotationUsedCount;
    const res = await alice.post('/annotation_mana/remove_annotation', { ann_id: other.id, link_id: linkId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, ann_id: other.id, annotation_count: 1 });
    expect((await annotationUsed(alice)).annotationUsedCount).toBe(used - 1);
    const item = await itemOf(alice, linkId);
    expect(item.annotation_count).toBe(1);
    expect(item.annotations.map((a: { id: number }) => a.id)).toEqual([annId]);
    const again = await alice.post('/annotation_mana/remove_annotation', {
      ann_id: other.id,
      link_id: linkId,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("another user's ids", () => {
  it('are refused by every call, and nothing changes', async () => {
    const linkId = (await saveBookmark(alice, { private: false })).link_id;
    const ann = (await add(alice, highlight(linkId))).json().annotation;
    const note = (
      await alice.post('/annotation_mana/post_sticky_note', {
        sContent: 'mine',
        link_id: linkId,
        ann_id: ann.id,
      })
    ).json().stickyNote;
    const bobItem = (await saveBookmark(bob)).link_id;
    const calls: [string, Record<string, unknown>][] = [
      ['change_annotation_color', { ann_id: ann.id, link_id: linkId, color: 'pink' }],
      ['remove_annotation', { ann_id: ann.id, link_id: linkId }],
      ['post_sticky_note', { sContent: 'bob was here', link_id: linkId, ann_id: ann.id }],
      ['edit_sticky_note', { content: 'bob was here', id: note.id, link_id: linkId }],
      ['remove_sticky_note', { id: note.id, link_id: linkId }],
      // Alice's annotation or note under Bob's own item is just as unknown
      ['change_annotation_color', { ann_id: ann.id, link_id: bobItem, color: 'pink' }],
      ['remove_annotation', { ann_id: ann.id, link_id: bobItem }],
      ['post_sticky_note', { sContent: 'bob was here', link_id: bobItem, ann_id: ann.id }],
      ['edit_sticky_note', { content: 'bob was here', id: note.id, link_id: bobItem }],
      ['remove_sticky_note', { id: note.id, link_id: bobItem }],
      ['add_annotation', highlight(linkId)],
    ];
    for (const [call, body] of calls) {
      const res = await bob.post(`/annotation_mana/${call}`, body);
      expect(res.statusCode, `${call} ${JSON.stringify(body)}`).toBe(404);
    }
    // and the owner's own annotation is not found under another of her items either
    const otherOwn = (await saveBookmark(alice)).link_id;
    const moved = await alice.post('/annotation_mana/remove_annotation', {
      ann_id: ann.id,
      link_id: otherOwn,
    });
    expect(moved.statusCode).toBe(404);

    const item = await itemOf(alice, linkId);
    expect(item.annotation_count).toBe(1);
    expect(item.annotations[0]).toMatchObject({ id: ann.id, extra: { color: 'yellow' } });
    expect(item.annotations[0].stickyNotes).toEqual([note]);
  });
});

describe('visitors', () => {
  it("see a public item's annotations read-only, and nothing of a private one", async () => {
    const pub = (await saveBookmark(alice, { private: false, title: 'Public annotated' })).link_id;
    const priv = (await saveBookmark(alice, { private: true, title: 'Private annotated' })).link_id;
    const pubAnn = (await add(alice, highlight(pub))).json().annotation;
    await alice.post('/annotation_mana/post_sticky_note', {
      sContent: 'visible note',
      link_id: pub,
      ann_id: pubAnn.id,
    });
    await add(alice, highlight(priv));

    for (const viewer of [t.visitor(), bob]) {
      const seen = await itemOf(viewer, pub);
      expect(seen.canEdit).toBe(false);
      expect(seen.annotations).toHaveLength(1);
      expect(seen.annotations[0].stickyNotes[0].content).toBe('visible note');
      expect((await loadItem(viewer, priv)).statusCode).toBe(404);
      const list = (
        await viewer.get('/interact_api/load_user_items', { username: alice.name, ann: 'yes' })
      ).json();
      const ids = list.items.map((i: { link_id: number }) => i.link_id);
      expect(ids).toContain(pub);
      expect(ids).not.toContain(priv);
      expect(list.items.find((i: { link_id: number }) => i.link_id === pub).annotations).toHaveLength(1);
    }
  });
});

describe('lists and search', () => {
  it('every listed item carries its annotations oldest first; ann=yes lists annotated items', async () => {
    const c = await t.signUp();
    const plain = (await saveBookmark(c)).link_id;
    const annotated = (await saveBookmark(c)).link_id;
    const first = (await add(c, highlight(annotated))).json().annotation;
    const second = (await add(c, highlight(annotated))).json().annotation;
    const list = (await c.get('/interact_api/load_user_items')).json();
    const byId = new Map(list.items.map((i: { link_id: number }) => [i.link_id, i]));
    expect((byId.get(annotated) as { annotations: { id: number }[] }).annotations.map((a) => a.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect(byId.get(plain)).toMatchObject({ annotations: [], annotation_count: 0 });
    const ann = (await c.get('/interact_api/load_user_items', { ann: 'yes' })).json();
    expect(ann.items.map((i: { link_id: number }) => i.link_id)).toEqual([annotated]);
  });

  it("keeps the tags' Annotated tab right as an item gains its first annotation and loses its last", async () => {
    const c = await t.signUp();
    const linkId = (await saveBookmark(c, { tags: 'marked' })).link_id;
    const annTab = async () => (await c.get('/interact_api/load_user_tags', { type: 'ann' })).json().tags;
    expect(await annTab()).toEqual([]);
    const one = (await add(c, highlight(linkId))).json().annotation;
    const two = (await add(c, highlight(linkId))).json().annotation;
    expect(await annTab()).toEqual([{ name: 'marked', count: 1 }]);
    await c.post('/annotation_mana/remove_annotation', { ann_id: one.id, link_id: linkId });
    expect(await annTab()).toEqual([{ name: 'marked', count: 1 }]);
    await c.post('/annotation_mana/remove_annotation', { ann_id: two.id, link_id: linkId });
    expect(await annTab()).toEqual([]);
  });

  it('finds an item by its annotation text and by its sticky-note text, and forgets removed text', async () => {
    const c = await t.signUp();
    const linkId = (await saveBookmark(c, { title: 'Ordinary title' })).link_id;
    const ann = (
      await add(c, {
        link_id: linkId,
        shape: 0,
        content: 'serendipitous quotation',
        selector: quote('serendipitous quotation'),
      })
    ).json().annotation;
    const search = async (what: string) =>
      (await c.get('/interact_api/search_user_items', { what }))
        .json()
        .items.map((i: { link_id: number }) => i.link_id);
    expect(await search('serendipitous')).toEqual([linkId]);
    const note = (
      await c.post('/annotation_mana/post_sticky_note', {
        sContent: 'flabbergasted reader',
        link_id: linkId,
        ann_id: ann.id,
      })
    ).json().stickyNote;
    expect(await search('flabbergasted')).toEqual([linkId]);
    await c.post('/annotation_mana/edit_sticky_note', {
      content: 'calm reader',
      id: note.id,
      link_id: linkId,
    });
    expect(await search('flabbergasted')).toEqual([]);
    expect(await search('calm')).toEqual([linkId]);
    await c.post('/annotation_mana/remove_annotation', { ann_id: ann.id, link_id: linkId });
    expect(await search('serendipitous')).toEqual([]);
    expect(await search('calm')).toEqual([]);
  });
});

describe('highlight quota', () => {
  it('allows the last highlight of the free plan, refuses the next, and counts units back', async () => {
    const c = await t.signUp();
    const linkId = (await saveBookmark(c)).link_id;
    await setAnnotationUsed(c, 99);
    const lastBody = highlight(linkId);
    const last = await add(c, lastBody);
    expect(last.statusCode).toBe(200);
    expect(await annotationUsed(c)).toEqual({
      annotationPermission: false,
      annotationQuota: 100,
      annotationUsedCount: 100,
    });

    const before = await countRows('annotations');
    const refused = await add(c, highlight(linkId));
    expect(refused.statusCode).toBe(HIGHLIGHT_OVER_QUOTA.status);
    expect(refused.json()).toEqual({ code: -2, message: 'Your highlight number is over quota' });
    expect(await countRows('annotations')).toBe(before);
    expect((await itemOf(c, linkId)).annotation_count).toBe(1);
    expect((await annotationUsed(c)).annotationUsedCount).toBe(100);

    // the same highlight again is not a new one: it is returned even at the quota
    const repeat = await add(c, lastBody);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ created: false, annotation: { id: last.json().annotation.id } });

    // a paid plan has no highlight quota
    await setPlan(t.database, c);
    expect((await add(c, highlight(linkId))).statusCode).toBe(200);
    await setPlan(t.database, c, 'free');
    expect((await annotationUsed(c)).annotationUsedCount).toBe(101);

    // removing gives one back; deleting the item gives back all its highlights
    const item = await itemOf(c, linkId);
    await c.post('/annotation_mana/remove_annotation', { ann_id: item.annotations[0].id, link_id: linkId });
    expect((await annotationUsed(c)).annotationUsedCount).toBe(100);
    const del = await c.post('/ditem_mana2/delete_b', { link_id: String(linkId) });
    expect(del.statusCode).toBe(200);
    expect(await annotationUsed(c)).toMatchObject({ annotationPermission: true, annotationUsedCount: 99 });
  });

  it('two highlights racing for the last unit: exactly one gets it', async () => {
    const c = await t.signUp();
    const [a, b] = [(await saveBookmark(c)).link_id, (await saveBookmark(c)).link_id];
    await setAnnotationUsed(c, 99);
    const codes = (await Promise.all([add(c, highlight(a)), add(c, highlight(b))])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 402]);
    expect((await annotationUsed(c)).annotationUsedCount).toBe(100);
    expect((await itemOf(c, a)).annotation_count + (await itemOf(c, b)).annotation_count).toBe(1);
  });

  it('kindle highlights on a deleted item give nothing back', async () => {
    const c = await t.signUp();
    await importKindle(c, KINDLE_BOOK);
    const kindle = (await c.get('/interact_api/load_user_items')).json().items[0].link_id;
    expect((await itemOf(c, kindle)).annotation_count).toBe(1);
    await setAnnotationUsed(c, 5);
    await c.post('/ditem_mana2/delete_b', { link_id: String(kindle) });
    expect((await annotationUsed(c)).annotationUsedCount).toBe(5);
  });
});
