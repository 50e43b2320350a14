import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { LiveSocket, listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { ITEM_CMD } from '../../platform/event-bus.ts';
import { POLICY_VIOLATION } from './routes.ts';

let t: TestApp;
let base: string;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  base = await listenLocally(t.app);
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

describe('GET /websocket', () => {
  it("streams the user's saves and deletes, and nothing of theirs to another user", async () => {
    const mine = await openLive(base, { client: alice, name: alice.name!.toUpperCase() });
    const theirs = await openLive(base, { client: bob });

    const saved = await saveBookmark(alice, { title: 'Live one' });
    const [added] = await mine.waitFor(1);
    expect(added).toMatchObject({ cmd: ITEM_CMD.upsert, link_id: saved.link_id });
    expect(added!.item).toMatchObject({ link_id: saved.link_id, title: 'Live one' });

    const res = await alice.post('/ditem_mana2/delete_b', { link_id: String(saved.link_id) });
    expect(res.statusCode).toBe(200);
    const [, removed] = await mine.waitFor(2);
    expect(removed).toEqual({ cmd: ITEM_CMD.remove, link_id: saved.link_id });

    // Bob's own change proves his socket is live, and is the only thing it received.
    const his = await saveBookmark(bob);
    const [bobs] = await theirs.waitFor(1);
    expect(bobs!.link_id).toBe(his.link_id);
    expect(theirs.messages).toHaveLength(1);
    expect(mine.messages).toHaveLength(2);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("refuses a socket asking for another user's name", async () => {
    const socket = new LiveSocket(base, { client: bob, name: alice.name });
    expect((await socket.closed).code).toBe(POLICY_VIOLATION);
  });

  it('refuses a visitor, with or without a name', async () => {
    for (const name of [alice.name!, '']) {
      const socket = new LiveSocket(base, { name });
      expect((await socket.closed).code).toBe(POLICY_VIOLATION);
    }
  });

  it('refuses a page from another origin even with the cookie', async () => {
    const socket = new LiveSocket(base, { client: alice, origin: 'https://evil.example' });
    expect((await socket.closed).code).toBe(POLICY_VIOLATION);
    expect(socket.messages).toEqual([]);
  });

  it('accepts a non-browser client that sends no Origin', async () => {
    const socket = await openLive(base, { client: alice, origin: null });
    const saved = await saveBookmark(alice);
    const [event] = await socket.waitFor(1);
    expect(event!.link_id).toBe(saved.link_id);
    await socket.close();
  });
});
