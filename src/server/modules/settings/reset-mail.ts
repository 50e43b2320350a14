import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJob, jobType } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import * as repo from './repo.ts';
import { linkTokenHash, newLinkToken, RESET_MAILS_PER_HOUR, RESET_PASSWORD_TTL_MS } from './tokens.ts';

/**
 * The forgot-password mail, sent from a job: the request only queues it, for a known address and an
 * unknown one alike, so its answer and its time tell nothing about which addresses have accounts.
 * While one is queued for an address, asking again adds nothing.
 */
export const PASSWORD_RESET_MAIL_JOB = jobType(
  'password-reset-mail',
  z.object({ email: z.string(), origin: z.string() }),
);

export interface ResetMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accounts: AccountsService;
  secret: string;
}

/** The job: a single-use reset link to the account of the address, if any (3 an hour at most). */
export function passwordResetMailJob(deps: ResetMailDeps) {
  return defineJob(PASSWORD_RESET_MAIL_JOB, async ({ payload }) => {
    const user = await deps.accounts.findUserByEmail(payload.email);
    if (!user) return;
    const now = deps.clock.now();
    const recent = await repo.countLiveTokens(
      deps.db,
      user.id,
      'reset-password',
      new Date(now.getTime() - 3_600_000),
    );
    if (recent >= RESET_MAILS_PER_HOUR) return;
    const token = newLinkToken();
    await repo.insertToken(deps.db, {
      userId: user.id,
      kind: 'reset-password',
      tokenHash: linkTokenHash(deps.secret, token),
      now,
      expiresAt: new Date(now.getTime() + RESET_PASSWORD_TTL_MS),
    });
    const link = `${payload.origin}/reset-password?token=${token}`;
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your Folio password',
      text: `Someone asked to reset the password of the Folio account ${user.name}.\n\nFollow this link within an hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this mail: the password stays as it is.`,
    });
  });
}
