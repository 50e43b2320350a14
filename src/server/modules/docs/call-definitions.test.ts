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
const ADDED_PATHS = [
  '/api/review/today',
  '/api/review/{ann_id}',
  '/api/review/{ann_id}/exclude',
  '/api/review/{ann_id}/favourite',
  '/api/review/settings',
  '/api/review/digest',
  '/api/review/unsubscribe',
  '/api/import',
  '/api/import/{job_id}',
  '/api/settings/guides',
  '/api/sharing/create',
  '/ditem_mana2/star',
  '/stats',
  '/toolbar_server_v13',
  // pending group invitations in the app (issue 27)
  '/group_api/interact_api/load_invitations',
  '/group_api/interact_api/load_invitation',
  '/group_api/interact_api/accept_invitation',
  '/group_api/interact_api/decline_invitation',
  // the browser extension (issue 31)
  '/api/items/rendered',
  '/api/items/by-url',
  '/extension/folio-extension.zip',
  // the whole library as a file and the scheduled backups (issue 29)
  '/api/export/library',
  '/api/export/library/{job_id}',
  '/api/export/library/{job_id}/download',
  '/api/export/netscape',
  '/api/export/backup-schedule',
  // personal access tokens (issue 30)
  '/api/tokens',
  '/api/tokens/{id}',
  '/mcp',
  // webhooks (issue 30)
  '/api/webhooks',
  '/api/webhooks/{id}',
  '/api/webhooks/{id}/test',
  // library upkeep (issue 33): the trash, duplicates and saved searches
  '/api/trash',
  '/api/trash/restore',
  '/api/trash/delete',
  '/api/trash/empty',
  '/api/duplicates',
  '/api/duplicates/merge',
  '/api/saved-searches',
  '/api/saved-searches/{id}',
  '/rss/search/{id}/{token}',
  // link health and rules (issue 33)
  '/api/items/{link_id}/health',
  '/api/items/{link_id}/check',
  '/api/items/{link_id}/changes',
  '/api/items/{link_id}/update-copy',
  '/api/items/{link_id}/versions',
  '/api/items/{link_id}/versions/{version_id}',
  '/api/rules',
  '/api/rules/try',
  '/api/rules/{id}',
  '/api/rules/{id}/apply',
  // reading offline on a phone (issue 32)
  '/api/settings/setOfflineItems',
  // operations (issue 35)
  '/healthz',
  '/readyz',
  '/metrics',
];

/**
 * Calls changed on purpose since (issue 27: a GET changes nothing), checked by their own tests; each
 * keeps its path and every method it had.
 */
const CHANGED_PATHS = [
  '/item/get_share_url',
  '/interact_api/batch_share_links',
  '/api/sharing/revoke',
  '/premium/gift/redeem',
  '/websocket', // issue 30: also takes a personal token (access_token)
  '/item/save/bookmark', // issue 33: the reply may add `similar` (the same page at another address)
  // the library query's health=broken|changed (issue 33, link health; the owner's own library only)
  '/interact_api/load_user_items',
  '/interact_api/search_user_items',
  '/interact_api/load_user_profile_items',
  '/interact_api/search_user_profile_items',
  // issue 32: the settings carry offlineItems (settings.test.ts 'offline items')
  '/interact_api/load_user_setting',
];

/**
 * Calls whose documentation was made truthful since (issue 27, openapi-truth.test.ts): what a client
 * sends is unchanged, only what the document says of it (which parameter is needed, the reply).
 */
const CORRECTED_PATHS = [
  '/api/docs', // the reply has info and components
  '/cached', // url or link_id is needed
  '/interact_api/load_user_profile_tags', // username is needed
  // a visitor must name the library
  '/interact_api/load_user_items',
  '/interact_api/search_user_items',
  '/interact_api/load_user_profile_items',
  '/interact_api/search_user_profile_items',
  '/interact_api/load_user_tags',
];

type Operations = Record<
  string,
  {
    summary: string;
    parameters: { name: string; in: string; style?: string; schema: { properties?: object } }[];
    requestBody?: unknown;
  }
>;

/** What a client sends to a call: its method, the fields by name and place, the body. */
function sent(operations: Operations) {
  return Object.fromEntries(
    Object.entries(operations).map(([method, { summary, parameters, requestBody }]) => [
      method,
      {
        summary,
        fields: parameters
          .flatMap((p) =>
            (p.style === 'form' ? Object.keys(p.schema.properties ?? {}) : [p.name]).map(
              (n) => `${p.in} ${n}`,
            ),
          )
          .sort(),
        requestBody,
      },
    ]),
  );
}

/**
 * Who may make a call was described anew for personal tokens (issue 30): each operation's security
 * and x-folio-scope, checked by modules/tokens and docs.test.ts. What a client sends is unchanged.
 */
function withoutTokenSecurity(operations: Record<string, object>) {
  return Object.fromEntries(
    Object.entries(operations).map(([method, operation]) => {
      const { security: _security, 'x-folio-scope': _scope, ...rest } = operation as Record<string, unknown>;
      return [method, rest];
    }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the call definitions', () => {
  it('describe every call exactly as the routes did before them', async () => {
    const now = (await t.visitor().get('/api/docs')).json();
    for (const path of Object.keys(before.paths)) expect(Object.keys(now.paths)).toContain(path);
    for (const [path, operations] of Object.entries(before.paths) as [string, Operations][]) {
      if (CHANGED_PATHS.includes(path)) {
        for (const method of Object.keys(operations)) expect(now.paths[path]).toHaveProperty(method);
      } else if (CORRECTED_PATHS.includes(path))
        expect({ path, sent: sent(now.paths[path]) }).toEqual({ path, sent: sent(operations) });
      else
        expect({ path, operations: withoutTokenSecurity(now.paths[path]) }).toEqual({
          path,
          operations: withoutTokenSecurity(operations),
        });
    }
  });

  it('list the calls added since, and only those', async () => {
    const now = (await t.visitor().get('/api/docs')).json();
    const added = Object.keys(now.paths).filter((path) => !(path in before.paths));
    expect(added.sort()).toEqual([...ADDED_PATHS].sort());
    for (const path of ADDED_PATHS) {
      for (const operation of Object.values(now.paths[path] as Record<string, { summary?: string }>)) {
        expect(operation.summary, path).toBeTruthy();
      }
    }
  });
});
