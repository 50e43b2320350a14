import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';

// The document as the routes described it before each call was defined once in src/shared/api/:
// moving a call to its definition must not change its path, method, input or reply.
const before = JSON.parse(
  readFileSync(
    new URL('../../../../test/fixtures/openapi/before-call-definitions.json', import.meta.url),
    'utf8',
  ),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the call definitions', () => {
  it('describe every call exactly as the routes did before them', async () => {
    const now = (await t.visitor().get('/api/docs')).json();
    expect(Object.keys(now.paths).sort()).toEqual(Object.keys(before.paths).sort());
    for (const [path, operations] of Object.entries(before.paths)) {
      expect({ path, operations: now.paths[path] }).toEqual({ path, operations });
    }
  });
});
