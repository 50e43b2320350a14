import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  liveSocketOpen,
  pageSite,
  saveBookmark,
  selectText,
  twoUsers,
  waitForCapture,
} from './helpers.ts';
import { appOrigin, OUTBOX_DIR, uniqueName } from './seed.ts';

/** The accept token of the invitation mail sent to this address (the outbox holds every mail). */
async function inviteToken(email: string): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
      for (const file of files) {
        const raw = (await readFile(path.join(OUTBOX_DIR, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!raw.includes(`To: ${email}`)) continue;
        const m = /accept\?token=([\w-]+)/.exec(raw);
        if (m) token = m[1]!;
      }
      return token;
    })
    .not.toBe('');
  return token;
}

async function highlight(page: Page, linkId: number, quote: string) {
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: linkId,
    shape: 0,
    content: quote,
    selector: [{ type: 'TextQuoteSelector', exact: quote }],
  });
}

test('a user shares two items to a team and a second member sees them and their highlights live', async ({
  browser,
}) => {
  // two browsers, mail, capture and the live socket: long on a loaded machine
  test.slow();
  const { owner, member, ownerName, memberName, close } = await twoUsers(browser, 'owner', 'member');
  const gName = uniqueName('team');

  // two items of the owner's, one private, each with a highlight
  const first = await saveBookmark(owner, { url: 'https://groups.example/one', title: 'Team reading one' });
  const second = await saveBookmark(owner, {
    url: 'https://groups.example/two',
    title: 'Team reading two',
    private: true,
  });
  await highlight(owner, first.link_id, 'the first quoted line');
  await highlight(owner, second.link_id, 'the second quoted line');

  // the owner creates a team and invites the member by user name
  await owner.goto('/groups');
  await owner.getByRole('button', { name: 'Add group' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Add a group' });
  await dialog.getByLabel('Display name').fill('Reading team');
  await dialog.getByLabel('Group name').fill(gName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await owner.waitForURL(`/group/${gName}`);
  // the member has My Groups open meanwhile
  await member.goto('/groups');
  await liveSocketOpen(member);
  await owner.getByLabel('Invite by user name or e-mail').fill(memberName);
  await owner.getByRole('button', { name: 'Invite' }).click();
  await expect(owner.getByText(`Invitation sent to ${memberName}.`)).toBeVisible();

  // the invitation reaches the member's open page: a notification, and My Groups' list
  const invited = `${ownerName} invited you to join the team “Reading team”.`;
  await expect(member.getByRole('status').filter({ hasText: invited })).toBeVisible();
  await expect(member.getByRole('region', { name: 'Invitations' })).toContainText(invited);
  await expect(member.getByRole('button', { name: 'Accept the invitation to Reading team' })).toBeVisible();

  // the member accepts from the mail's link, whose page names the group and the inviter
  const token = await inviteToken(`${memberName}@example.com`);
  await member.goto(`/groups/accept?token=${token}`);
  await expect(member.getByText(invited)).toBeVisible();
  await member.getByRole('button', { name: 'Accept invitation' }).click();
  await member.waitForURL(`/group/${gName}`);
  await expect(member.getByText('Nothing has been shared to this group yet.')).toBeVisible();
  await liveSocketOpen(member);

  // the owner shares both from the library's bulk bar
  await owner.goto(`/user/${ownerName}`);
  await owner.getByRole('button', { name: 'Bulk Edit' }).click();
  await owner.getByLabel('Select Team reading one').check();
  await owner.getByLabel('Select Team reading two').check();
  await owner
    .getByRole('toolbar', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Share to Group' })
    .click();
  const share = owner.getByRole('dialog', { name: 'Share to group' });
  await share.getByRole('radio', { name: 'Reading team' }).check();
  await share.getByRole('button', { name: 'Share to Reading team' }).click();
  await expect(owner.getByText('Successfully shared to Reading team!')).toBeVisible();

  // the member's open page shows them without a reload, with who shared them and their highlights
  const rows = member.getByTestId('group-item');
  await expect(rows).toHaveCount(2);
  await expect(member.getByRole('link', { name: 'Team reading two' })).toBeVisible();
  await expect(member.getByText(`shared by ${ownerName}`).first()).toBeVisible();
  await expect(member.getByText('the first quoted line')).toBeVisible();
  await expect(member.getByText('the second quoted line')).toBeVisible();

  // opening one shows it in the reader, read-only, from the group
  await member.getByRole('link', { name: 'Team reading two' }).click();
  await member.waitForURL(new RegExp(`/group/${gName}/item/${second.link_id}$`));
  await expect(member.locator('h1', { hasText: 'Team reading two' })).toBeVisible();

  await close();
});

// a page with text to highlight, from a real HTTP server on 127.0.0.1 (FETCH_ALLOW_PRIVATE=1)
const site = pageSite(`<!doctype html><html><head><title>Team Field Notes</title></head><body><main><article>
<h1>Team Field Notes</h1>
<p>The river rose two metres overnight and the lower path was closed until the morning.</p>
<p>Volunteers moved the sandbags to the north bank before the second wave of rain arrived.</p>
<p>By noon the water had fallen again and the ferry resumed its crossings to the island.</p>
</article></main></body></html>`);

test('a second member highlights a shared item in the reader and the first sees it live', async ({
  browser,
}) => {
  test.slow();
  const { owner, member, ownerName, memberName, close } = await twoUsers(browser, 'sharer', 'reader');
  const gName = uniqueName('crew');

  // a team of two, and a private page of the owner's shared to it
  const G = '/group_api/interact_api';
  const group = (await apiPost(owner, `${G}/create_group`, { name: gName, displayName: 'Field crew' })).group;
  await apiPost(owner, `${G}/invite`, { group_id: group.group_id, to: memberName });
  await apiPost(member, `${G}/accept`, { token: await inviteToken(`${memberName}@example.com`) });
  const item = await saveBookmark(owner, {
    url: `${site.url}/notes`,
    title: 'Team Field Notes',
    private: true,
  });
  await waitForCapture(owner, item.link_id);
  const shared = await owner.request.post(`/group_mana/share_to?g_name=${gName}`, {
    data: { ids: `0:${item.link_id}` },
    headers: { origin: appOrigin() },
  });
  expect(await shared.text()).toBe('0:1');

  // the member opens it from the group page: the reader, not a summary
  await member.goto(`/group/${gName}`);
  await member.getByRole('link', { name: 'Team Field Notes' }).click();
  await member.waitForURL(`/group/${gName}/item/${item.link_id}`);
  const article = member.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Volunteers moved the sandbags');

  // the owner reads the same item through the group, with the socket open
  await owner.goto(`/group/${gName}/item/${item.link_id}`);
  await expect(owner.getByRole('article', { name: 'Page text' })).toContainText('Volunteers moved');
  await liveSocketOpen(owner);

  // the member highlights a sentence in the group's layer
  await selectText(member, 'article[aria-label="Page text"]', 'Volunteers moved the sandbags');
  await member
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Green' })
    .click();
  await expect(article.locator('mark', { hasText: 'Volunteers moved the sandbags' }).first()).toBeVisible();

  // the owner's open tab draws it without a reload
  await expect(
    owner
      .getByRole('article', { name: 'Page text' })
      .locator('mark', { hasText: 'Volunteers moved the sandbags' })
      .first(),
  ).toBeVisible();
  // and the owner's own library copy of the item is unchanged: no annotation of the member's
  const own = await owner.request.get(`/interact_api/load_user_item?link_id=${item.link_id}`);
  expect((await own.json()).items[0].annotations).toEqual([]);

  // the owner highlights words overlapping the member's, in the same colour, in the group's layer
  const overlap = 'moved the sandbags to the north bank';
  await liveSocketOpen(member);
  await apiPost(owner, `${G}/add_annotation`, {
    group_id: group.group_id,
    link_id: item.link_id,
    shape: 0,
    content: overlap,
    color: 'green',
    selector: [{ type: 'TextQuoteSelector', exact: overlap }],
  });
  // the member's page draws it as a mark of its own, each naming its author on hover and to a reader
  const byOwner = article.getByRole('button', { name: `Highlight by ${ownerName}: ${overlap}` });
  const byMember = article.getByRole('button', {
    name: `Highlight by ${memberName}: Volunteers moved the sandbags`,
  });
  await expect(byOwner).toBeVisible();
  await expect(byMember).toBeVisible();
  await expect(byOwner).toHaveAttribute('title', `Highlight by ${ownerName}`);
  await expect(byMember).toHaveAttribute('title', `Highlight by ${memberName}`);
  await expect(
    article.locator(`mark[title="Highlight by ${ownerName}"]`, { hasText: 'to the north bank' }),
  ).toHaveCount(1);
  // the words both highlighted sit in a mark of each
  await expect(
    article.locator(`mark[title="Highlight by ${memberName}"] mark[title="Highlight by ${ownerName}"]`, {
      hasText: 'moved the sandbags',
    }),
  ).toHaveCount(1);

  // a reload of the shared item's address opens it again, with both authors
  await member.reload();
  await expect(article).toContainText('Volunteers moved the sandbags');
  await expect(byOwner).toBeVisible();
  await expect(byMember).toBeVisible();

  await close();
});
