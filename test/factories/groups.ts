import { expect } from 'vitest';
import { type TestApp, type TestClient, uniqueName } from '../helpers/app.ts';

const G = '/group_api/interact_api';

export interface CreatedGroup {
  group_id: number;
  g_name: string;
  accessMode: number;
  role: string;
}

/** A group (Team or Class) the client owns, made through create_group. */
export async function createGroup(
  client: TestClient,
  name = uniqueName('team'),
  displayName = 'Reading club',
): Promise<CreatedGroup> {
  const res = await client.post(`${G}/create_group`, { name, displayName, description: 'We read.' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().group as CreatedGroup;
}

/** The accept token of the last invitation mail to this address. */
export function inviteTokenFor(t: TestApp, email: string): string {
  const mail = [...t.inbox].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /accept\?token=([\w-]+)/.exec(raw)![1]!;
}

/** The owner invites the client by user name and the client accepts the mailed link. */
export async function joinGroup(
  t: TestApp,
  owner: TestClient,
  group: { group_id: number },
  client: TestClient,
) {
  const invite = await owner.post(`${G}/invite`, { group_id: group.group_id, to: client.name });
  expect(invite.statusCode, invite.body).toBe(200);
  const accepted = await client.post(`${G}/accept`, { token: inviteTokenFor(t, invite.json().email) });
  expect(accepted.statusCode, accepted.body).toBe(200);
}
