import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, liveSocketOpen, saveBookmark } from './helpers.ts';
import { OUTBOX_DIR, signUp, uniqueName } from './seed.ts';

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
  const ownerName = uniqueName('owner');
  const memberName = uniqueName('member');
  const gName = uniqueName('team');
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();
  await signUp(owner, ownerName);
  await signUp(member, memberName);

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
  await owner.getByLabel('Invite by user name or e-mail').fill(memberName);
  await owner.getByRole('button', { name: 'Invite' }).click();
  await expect(owner.getByText(`Invitation sent to ${memberName}.`)).toBeVisible();

  // the member accepts from the mail's link and lands on the group's page
  const token = await inviteToken(`${memberName}@example.com`);
  await member.goto(`/groups/accept?token=${token}`);
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
  await expect(member.getByRole('button', { name: 'Team reading two' })).toBeVisible();
  await expect(member.getByText(`shared by ${ownerName}`).first()).toBeVisible();
  await expect(member.getByText('the first quoted line')).toBeVisible();
  await expect(member.getByText('the second quoted line')).toBeVisible();

  // opening one shows it read-only with the group's highlights and their author
  await member.getByRole('button', { name: 'Team reading two' }).click();
  const opened = member.getByRole('dialog', { name: 'Team reading two' });
  await expect(opened.getByRole('list', { name: 'Group highlights' })).toContainText(
    'the second quoted line',
  );
  await expect(opened.getByText(`by ${ownerName}`, { exact: true })).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});
