import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { OPERATIONS } from './catalogue.ts';
import { trackedRoutes } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('serves an OpenAPI document with the shared schemas', async () => {
    const res = await t.visitor().get('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const signUp = doc.paths['/api/auth/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties.name.pattern).toBe(
      '^[A-Za-z][A-Za-z0-9_-]{5,15}$',
    );
    const list = doc.paths['/interact_api/load_user_items'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['type', 'what', 'page_num', 'sort', 'count', 'username']),
    );
  });

  it('documents every call the app answers, and nothing it does not', () => {
    // static files of the built web app are routes too, but not calls
    const calls = trackedRoutes(t.app).filter(
      (r) => !/^GET \/(assets\/|[^/]+\.(svg|js|ico|png|html)$)/.test(r),
    );
    expect([...new Set(calls)].sort()).toEqual(Object.keys(OPERATIONS).sort());
  });
});
