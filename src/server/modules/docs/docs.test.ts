import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { trackedRoutes } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('serves an OpenAPI document built from the routes and their shared schemas', async () => {
    const res = await t.visitor().get('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const signUp = doc.paths['/api/auth/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties.name.pattern).toBe(
      '^[A-Za-z][A-Za-z0-9_-]{5,15}$',
    );
    expect(signUp.responses[200].content['application/json'].schema.properties).toHaveProperty('name');
    const list = doc.paths['/interact_api/load_user_items'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['type', 'what', 'page_num', 'sort', 'count', 'username']),
    );
    expect(list.responses[200].content['application/json'].schema.properties.items.type).toBe('array');
    const file = doc.paths['/api/files/items/{linkId}/file'].get;
    expect(file.parameters).toContainEqual(expect.objectContaining({ name: 'linkId', in: 'path' }));
    const upload = doc.paths['/item/save'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('qqfile');
  });

  it('documents every call the app answers, from its definition, and nothing it does not', async () => {
    // static files of the built web app are routes too, but not calls (the app's icons and manifest too)
    const calls = trackedRoutes(t.app).filter(
      (r) => !/^\/(assets\/|icons\/|[^/]+\.(svg|js|ico|png|html|webmanifest)$)/.test(r.url),
    );
    expect(calls.filter((r) => !r.schema?.summary).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = (await t.visitor().get('/api/docs')).json();
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = calls.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect([...new Set(documented)].sort()).toEqual([...new Set(expected)].sort());
  });

  it("shows the bearer scheme and each call's personal-token scope", async () => {
    const doc = (await t.visitor().get('/api/docs')).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const save = doc.paths['/item/save/bookmark'].post;
    expect(save['x-folio-scope']).toBe('write');
    expect(save.security).toEqual([{ session: [] }, { bearer: ['write'] }]);
    const list = doc.paths['/interact_api/load_user_items'].get;
    expect(list['x-folio-scope']).toBe('read');
    expect(list.security).toEqual([{}, { session: [] }, { bearer: ['read'] }]);
    const password = doc.paths['/api/settings/setPassword'].post;
    expect(password['x-folio-scope']).toBe('none');
    expect(password.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/tokens'].post['x-folio-scope']).toBe('none');
  });
});
