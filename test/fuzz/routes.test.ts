import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trackedRoutes } from '../../src/server/modules/docs/routes.ts';
import { saveBookmark } from '../factories/items.ts';
import { uploadFile } from '../factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/**
 * Every registered route (enumerated from the app, so a new route is fuzzed without being listed
 * here) gets control characters, wrong types, huge values and broken bodies, one field at a time
 * over an otherwise valid call, from a signed-in user and from a visitor: no answer may be a 500,
 * and every refusal has the error shape.
 */

const PNG = readFileSync(path.resolve(import.meta.dirname, '../fixtures/pixel.png'));
const CONTROL = ['\u0000', 'a\u0000b', 'x\u0007\u001b[31m', 'a\u007fb'];
const JSON_VALUES: unknown[] = [
  ...CONTROL,
  '\u202Efdp.exe',
  'x'.repeat(300_000),
  '',
  -1,
  0,
  1.5,
  2 ** 63,
  1e308,
  '9'.repeat(40),
  true,
  null,
  [],
  ['1', '2'],
  {},
  { $gt: '' },
  [[[[{}]]]],
];
const QUERY_VALUES: (string | string[])[] = [
  ...CONTROL,
  '\u202Efdp.exe',
  'x'.repeat(20_000),
  '',
  '-1',
  '1.5',
  '1e400',
  '9'.repeat(40),
  ['1', '2'],
];
const BROKEN_BODIES: { payload: string; type: string }[] = [
  { payload: '{', type: 'application/json' },
  { payload: '[1,2]', type: 'application/json' },
  { payload: '"x"', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '{"a":1}\u0000', type: 'application/json' },
  { payload: 'x=1', type: 'application/x-www-form-urlencoded' },
  { payload: '\u0000', type: 'text/plain' },
];

let t: TestApp;
let alice: TestClient;
let base: Record<string, Record<string, unknown>>;
/** path parameters of a valid call: alice's outliner, an entry of it and its share key */
let params: Record<string, string> = {};
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  const item = await saveBookmark(alice, { tags: 'one two' });
  const spare = await saveBookmark(alice);
  const added = await alice.post('/annotation_mana/add_annotation', {
    link_id: item.link_id,
    shape: 0,
    content: 'quoted',
    selector: [{ type: 'TextQuoteSelector', exact: 'quoted' }],
  });
  const ann = added.json().annotation;
  const sticky = await alice.post('/annotation_mana/post_sticky_note', {
    sContent: 'a note',
    link_id: item.link_id,
    ann_id: ann.id,
  });
  const note = sticky.json().stickyNote;
  const image = (await uploadFile(alice, PNG, { filename: 'p.png', url: '/item/save/image' })).json()
    .items[0];
  const id = item.link_id;
  const outliner = (await alice.post('/outliner/new', { title: 'Fuzzed' })).json().outliner.id;
  const entry = (await alice.post(`/api/outliners/${outliner}/entries`, { text: 'line' })).json().entry.id;
  const shareKey = (await alice.get(`/outliner/${outliner}/share/link`)).json().share_key;
  params = { outlinerId: String(outliner), entryId: String(entry), shareKey };
  // a valid call per route: each fuzzed field replaces one value of it
  base = {
    'POST /api/auth/sign-up': { name: 'fuzzer01', email: 'fuzz@example.com', password: 'secret123' },
    'POST /api/auth/sign-in': { name_or_email: alice.name, password: 'secret123' },
    'POST /common/contact': { subject: 'Hello', message: 'A message' },
    'POST /item/save/bookmark': {
      url: 'https://fuzz.example.com/',
      title: 'T',
      tags: 'a b',
      description: 'd',
    },
    'GET /interact_api/load_user_item': { link_id: id },
    'GET /interact_api/load_user_items': { username: alice.name, what: 'page' },
    'GET /interact_api/search_user_items': { username: alice.name, what: 'page' },
    'POST /ditem_mana2/mark_readed': { link_id: id, readed: 1 },
    'POST /ditem_mana2/convert_mode': { link_id: id, mode: 'private' },
    'POST /ditem_mana2/delete_b': { link_id: spare.link_id },
    'GET /api/items/export.csv': { link_id: id },
    'POST /api/export/items': { link_ids: id, format: 'md' },
    'POST /api/export/preview': { link_ids: id },
    'GET /interact_api/load_user_tags': { username: alice.name, search: 'o' },
    'GET /api/tags/suggest': { q: 'o' },
    'GET /tag_mana2/load_recommended_tags': { title: 'one', url: 'https://one.example.com' },
    'POST /tag_mana2/update_tags': { old_tag: 'two', new: 'three' },
    'POST /interact_api/edit_item_tags': { editTags: 'x y', editTagOption: 1, link_id: id },
    'POST /ditem_mana2/batch_edit_tags': { editTags: 'x', editTagOption: 1, infos: String(id) },
    'POST /fetch_meta': { url: 'http://127.0.0.1:9/' },
    'GET /api/items/reader': { link_id: id },
    'GET /cached': { link_id: id },
    'POST /annotation_mana/add_annotation': {
      link_id: id,
      shape: 0,
      content: 'other',
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'other' }]),
    },
    'POST /annotation_mana/change_annotation_color': { ann_id: ann.id, link_id: id, color: 'blue' },
    'POST /annotation_mana/remove_annotation': { ann_id: ann.id + 1000, link_id: id },
    'POST /annotation_mana/post_sticky_note': { sContent: 'x', link_id: id, ann_id: ann.id, sMode: 2 },
    'POST /annotation_mana/edit_sticky_note': { content: 'y', id: note.id, link_id: id },
    'POST /annotation_mana/remove_sticky_note': { id: note.id + 1000, link_id: id },
    'POST /item/save/note': { title: 'N', content: '<p>n</p>', local_id: 'fuzz-1', tags: 'n' },
    'POST /api/files/rotate': { link_id: image.link_id, rotation: 90 },
    'GET /websocket': { name: alice.name },
    'POST /item/save': { dtype: 'image', tags: 't', description: 'd', private: '1', unread: '' },
    'POST /item/save/pdf': { tags: 't' },
    'POST /item/save/image': { tags: 't', description: 'd' },
    'GET /outliner/list': { search: 'F', sort: 'title', order: 'asc' },
    'POST /outliner/new': { title: 'Another' },
    'POST /outliner/:outlinerId/edit': { title: 'T', description: 'd' },
    'POST /ditem_outliner/add_to_outliner': { infos: String(id), list_id: outliner },
    'POST /ditem_outliner/add_text_to_outliner': { text: 'x', outliner_id: outliner, ann_id: ann.id },
    'POST /interact_api/set_outliner_settings': { data: '{"source_link":1}' },
    'GET /api/outliners/:outlinerId/export': { format: 'opml' },
    'POST /api/outliners/:outlinerId/entries': { text: 't', note: 'n', parent_id: entry, after_id: '' },
    'POST /api/outliners/:outlinerId/entries/:entryId': { text: 't', collapsed: 1, after_id: '' },
  };
});
afterAll(() => t.close());

function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

async function check(client: TestClient, label: string, opts: InjectOptions) {
  const res = await client.request(opts);
  const body = res.headers['content-type']?.toString().includes('json') ? safeJson(res.body) : undefined;
  const shapeOk =
    res.statusCode < 400 ||
    !res.headers['content-type']?.toString().includes('json') ||
    (typeof body === 'object' && body !== null && 'code' in body && 'message' in body);
  if (res.statusCode >= 500 || !shapeOk) {
    problems.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function multipart(fields: Record<string, unknown>, withFile: boolean) {
  return multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    ...(withFile ? [{ name: 'qqfile', value: PNG, filename: 'p.png', contentType: 'image/png' }] : []),
  ]);
}

async function fuzzRoute(client: TestClient, method: string, url: string, schema: FastifySchema | undefined) {
  const key = `${method} ${url}`;
  const valid = base[key] ?? {};
  const fields = [
    ...new Set([...Object.keys(valid), ...fieldsOf(schema?.querystring), ...fieldsOf(schema?.body)]),
  ];
  const concrete = url
    .replace(/:linkId/g, '1')
    .replace(/:width/g, '550')
    .replace(/:(outlinerId|entryId|shareKey)/g, (_, name: string) => params[name]!)
    .replace(/:\w+/g, 'x');

  if (url.includes(':')) {
    for (const value of ['%00', '%E2%80%AEfdp', 'x'.repeat(2000), '9'.repeat(40), '-1']) {
      const hostile = url.replace(/:\w+/g, value);
      await check(client, `${key} path ${value.slice(0, 20)}`, { method: method as 'GET', url: hostile });
    }
  }
  if (schema?.multipart) {
    for (const field of fieldsOf(schema.multipart)) {
      for (const value of [...CONTROL, '\u202Efdp.exe', 'x'.repeat(70_000)]) {
        const { payload, headers } = multipart({ ...valid, [field]: value }, true);
        await check(client, `${key} ${field}=${JSON.stringify(value).slice(0, 20)}`, {
          method: 'POST',
          url: concrete,
          payload,
          headers,
        });
      }
    }
    return;
  }
  if (method === 'GET') {
    for (const field of fields) {
      for (const value of QUERY_VALUES) {
        const query = {
          ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)])),
          [field]: value,
        };
        await check(client, `${key} ?${field}=${JSON.stringify(value).slice(0, 20)}`, {
          method: 'GET',
          url: concrete,
          query,
        });
      }
    }
    return;
  }
  for (const field of fields) {
    for (const value of JSON_VALUES) {
      await check(client, `${key} ${field}=${JSON.stringify(value).slice(0, 20)}`, {
        method: 'POST',
        url: concrete,
        payload: { ...valid, [field]: value },
      });
    }
  }
  for (const { payload, type } of BROKEN_BODIES) {
    await check(client, `${key} body ${JSON.stringify(payload)} (${type})`, {
      method: 'POST',
      url: concrete,
      payload,
      headers: { 'content-type': type },
    });
  }
}

describe('fuzzing every route', () => {
  it('answers no hostile input with a 500, signed in or not', { timeout: 600_000 }, async () => {
    const routes = trackedRoutes(t.app).filter((r) => r.schema?.summary && r.url !== '/api/auth/sign-out');
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url, schema } of routes) {
      await fuzzRoute(alice, method, url, schema);
      if (schema?.public) await fuzzRoute(t.visitor(), method, url, schema);
    }
    // sign-out last: it ends the session the rest of the fuzz runs in
    await fuzzRoute(alice, 'POST', '/api/auth/sign-out', undefined);
    expect(problems).toEqual([]);
  });
});
