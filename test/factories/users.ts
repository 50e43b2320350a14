import type { Database } from '../../src/server/db/client.ts';
import type { UsageKind } from '../../src/server/modules/accounts/repo.ts';
import { AccountsService } from '../../src/server/modules/accounts/service.ts';
import { SignInThrottle } from '../../src/server/platform/auth/throttle.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import type { TestClient } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/**
 * Plans and used counts set the way an operator sets them (the CLI's AccountsService commands),
 * not by raw UPDATE: a renamed column or a new rule in those commands reaches the tests too.
 */
function accounts(database: Database): AccountsService {
  return new AccountsService({
    db: database.db,
    clock: systemClock,
    throttle: new SignInThrottle(database.db, systemClock),
  });
}

/** Puts the user on a plan, e.g. `professional` (a paid plan without the free quotas) or back on `free`. */
export async function setPlan(database: Database, client: TestClient, plan = 'professional'): Promise<void> {
  await accounts(database).setPlan(client.name!, plan);
}

/** Sets how many of a quota's units the user has used, e.g. to stand just short of the limit. */
export async function setUsage(database: Database, client: TestClient, kind: UsageKind, used: number) {
  await accounts(database).setUsage(client.name!, kind, used);
}

/** Imports a Kindle clippings file through the API, as the import dialog does; returns the reply. */
export async function importKindle(client: TestClient, clippings: string) {
  const { payload, headers } = multipartBody([
    { name: 'file', value: clippings, filename: 'My Clippings.txt', contentType: 'text/plain' },
  ]);
  const res = await client.request({ method: 'POST', url: '/item/import/kindle', payload, headers });
  if (res.statusCode !== 200) throw new Error(`Kindle import failed ${res.statusCode}: ${res.body}`);
  return res.json();
}
