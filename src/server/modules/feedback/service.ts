import type { ContactInput } from '../../../shared/schemas/feedback.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { insertContactMessage } from './repo.ts';

export class FeedbackService {
  constructor(
    private readonly deps: { db: Db; mailer: Mailer; supportEmail: string; accounts: AccountsService },
  ) {}

  /** Stores the message, then mails it to support; the stored row survives a mail failure. */
  async contact(
    userId: number | null,
    { subject, message }: ContactInput,
  ): Promise<{ email: string | null }> {
    const user = userId === null ? undefined : await this.deps.accounts.findUser(userId);
    const email = user?.email ?? null;
    const id = await insertContactMessage(this.deps.db, {
      userId: user?.id ?? null,
      email,
      subject,
      message,
    });
    await this.deps.mailer.send({
      to: this.deps.supportEmail,
      subject: `[Folio feedback #${id}] ${subject}`,
      text: `From: ${user ? `${user.name} <${user.email}>` : 'a visitor'}\n\n${message}\n`,
      ...(email ? { replyTo: email } : {}),
    });
    return { email };
  }
}
