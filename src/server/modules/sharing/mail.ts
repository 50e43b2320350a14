import { MAIL_RECIPIENTS_MAX, MAILS_PER_DAY } from '../../../shared/limits.ts';
import { type Contact, MAIL_MSG, type SendMsgInput } from '../../../shared/schemas/mail.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { annotationsForItems } from '../annotations/item-annotations.ts';
import { loadAll } from '../items/access.ts';
import type { GroupDirectory } from './groups.ts';
import { highlightsOf, type MailContent, renderMailHtml, renderMailText } from './mail-render.ts';
import * as repo from './repo.ts';
import type { SharingService } from './service.ts';

export interface MailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accounts: AccountsService;
  sharing: SharingService;
  groups: GroupDirectory;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CONTACTS_MAX = 200;

/**
 * Send an Email (POST /message_mana/send_msg) and the contacts it offers (load_contacts). A mail
 * carries the items' share links, so recipients open even private items read-only.
 */
export class MailService {
  constructor(private readonly deps: MailDeps) {}

  async send(user: { id: number }, input: SendMsgInput, origin: string) {
    const { db, clock } = this.deps;
    const sender = await this.deps.accounts.findUser(user.id);
    if (!sender) throw new ValidationError(MAIL_MSG.failed);
    const { addresses, typed } = await this.recipients(user.id, input.send_to);
    const now = clock.now();

    const { sentId, content } = await db.transaction(async (tx) => {
      const owned = await loadAll(tx, user, input.link_ids, 'write');
      await repo.lockSender(tx, user.id);
      if ((await repo.sentSince(tx, user.id, new Date(now.getTime() - DAY_MS))) >= MAILS_PER_DAY) {
        throw new ValidationError(MAIL_MSG.dailyLimit, 'send_to');
      }
      const links = await this.deps.sharing.linksFor(tx, owned, origin);
      // every highlight and note of the items, not the few a library row shows collapsed
      const annotations = await annotationsForItems(
        tx,
        owned.map((i) => i.id),
      );
      const sentId = await repo.insertSent(tx, {
        userId: user.id,
        subject: input.subject,
        recipientCount: addresses.length,
        itemIds: owned.map((i) => i.id),
        createdAt: now,
      });
      const items = owned.map((item, i) => ({
        title: item.title,
        url: item.type === 'bookmark' ? (item.url ?? '') : '',
        shareUrl: links[i]!.item_url,
        ...highlightsOf(annotations.get(item.id) ?? []),
      }));
      // the client's quotes are the items' highlights it had at hand: each is mailed once, with its item
      const mailed = new Set(items.flatMap((item) => item.highlights.map((h) => h.text.trim())));
      const content: MailContent = {
        sender: [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.name,
        subject: input.subject,
        message: input.message,
        quotes: input.quotes.filter((q) => !mailed.has(q.trim())),
        items,
      };
      return { sentId, content };
    });

    const text = renderMailText(content);
    const html = renderMailHtml(content);
    try {
      for (const to of addresses) {
        await this.deps.mailer.send({ to, subject: input.subject, text, html, replyTo: sender.email });
      }
    } catch (err) {
      // the mail did not go out: it does not count against the day
      await repo.deleteSent(db, sentId);
      throw err;
    }
    await repo.touchContacts(db, user.id, typed, now);
    return { code: 1 as const, message: MAIL_MSG.sent, sent: addresses.length };
  }

  /** Every recipient as an address, checked before anything is written. */
  private async recipients(userId: number, to: SendMsgInput['send_to']) {
    const addresses = new Set<string>();
    const typed = to.emails.map((e) => e.toLowerCase());
    for (const e of typed) addresses.add(e);

    for (const name of to.usernames) {
      const found = await this.deps.accounts.findUserByName(name);
      if (!found) throw new ValidationError(MAIL_MSG.unknownUser(name), 'send_to');
      addresses.add(found.email.toLowerCase());
    }

    const contactIds: number[] = [];
    const memberIds: number[] = [];
    for (const f of to.friends) {
      const m = /^([cm]?)(\d{1,18})$/.exec(f);
      if (!m) throw new ValidationError(MAIL_MSG.unknownContact, 'send_to');
      (m[1] === 'm' ? memberIds : contactIds).push(Number(m[2]));
    }
    const contacts = await repo.contactsByIds(this.deps.db, userId, contactIds);
    if (contacts.length !== new Set(contactIds).size)
      throw new ValidationError(MAIL_MSG.unknownContact, 'send_to');
    for (const c of contacts) addresses.add(c.email);
    if (memberIds.length) {
      const fellows = new Set((await this.deps.groups.fellowMembersOf(userId)).map((m) => m.userId));
      for (const id of memberIds) {
        const member = fellows.has(id) ? await this.deps.accounts.findUser(id) : undefined;
        if (!member) throw new ValidationError(MAIL_MSG.unknownContact, 'send_to');
        addresses.add(member.email.toLowerCase());
      }
    }

    if (to.lists.length) {
      for (const a of await this.deps.groups.memberAddressesOf(userId, to.lists))
        addresses.add(a.toLowerCase());
    }
    if (addresses.size === 0) throw new ValidationError(MAIL_MSG.recipientRequired, 'send_to');
    if (addresses.size > MAIL_RECIPIENTS_MAX)
      throw new ValidationError(MAIL_MSG.tooManyRecipients, 'send_to');
    return { addresses: [...addresses], typed };
  }

  /** GET /interact_api/load_contacts: people the user mailed (newest first), then fellow group members. */
  async contacts(userId: number): Promise<Contact[]> {
    const mailed = await repo.contactsOf(this.deps.db, userId, CONTACTS_MAX);
    const members = await this.deps.groups.fellowMembersOf(userId);
    return [
      ...mailed.map((c) => ({ id: `c${c.id}`, name: c.email, email: c.email, kind: 'mailed' as const })),
      ...members.map((m) => ({ id: `m${m.userId}`, name: m.name, email: '', kind: 'member' as const })),
    ];
  }
}
