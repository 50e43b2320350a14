import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';

// The document as the routes described it before each call was defined once in src/shared/api/:
// moving a call to its definition must not change its path, method, input or reply. Calls added
// since are listed apart (and must be documented); they are not in the fixture.
const before = JSON.parse(
  readFileSync(
    new URL('../../../../test/fixtures/openapi/before-call-definitions.json', import.meta.url),
    'utf8',
  ),
);

/** Paths added after the fixture was taken. */
const ADDED_PATHS = ['/stats', '/toolbar_server_v13', '/api/import', '/api/import/{job_id}'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the call definitions', () => {
  it('describe every call exactly as the routes did before them', async () => {
    const now = (await t.visitor().get('/api/docs')).json();
    for (const path of Object.keys(before.paths)) expect(Object.keys(now.paths)).toContain(path);
    for (const [path, operations] of Object.entries(before.paths)) {
      expect({ path, operations: now.paths[path] }).toEqual({ path, operations });
    }
  });

  it('list the calls added since, and only those', async () => {
    const now = (await t.visitor().get('/api/docs')).json();
    const added = Object.keys(now.paths).filter((path) => !(path in before.paths));
    expect(added.sort()).toEqual([...ADDED_PATHS].sort());
    for (const path of ADDED_PATHS) {
      for (const operation of Object.values(now.paths[path] as Record<string, { summary?: string }>)) {
        expect(operation.summary).toBeTruthy();
      }
    }
  });
});
