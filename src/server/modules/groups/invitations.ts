import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_PATTERN } from '../../../shared/schemas/auth.ts';
import {
  ACCESS_MODE,
  GROUP_INVITE_DAYS,
  GROUP_MSG,
  type GroupLiveMessage,
  type InvitationActionInput,
  type InviteInput,
} from '../../../shared/schemas/groups.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { authorizeGroup, checkInvite, checkOwnInvitation } from '../../policies/group.ts';
import type { AccountsService } from '../accounts/service.ts';
import { fanOut } from './fan-out.ts';
import * as invitations from './invitation-repo.ts';
import { presentGroup, presentInvitation } from './presenter.ts';
import * as repo from './repo.ts';

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  accounts: Pick<AccountsService, 'findUserByNameOrEmail'>;
}

type Caller = { id: number; name: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the invitation policies read of a stored invitation. */
const ruleOf = (row: invitations.InvitationRow | undefined) =>
  row && { ...row, userId: row.user_id, expiresAt: new Date(row.expires_at) };

/**
 * Group invitations: the owner invites by user name or e-mail (a mail with a link to accept); an
 * invitee who has an account also sees it in the app: in My Groups (accept or decline there), in a
 * notification of their open tabs, and on the link's page, which names the group and the inviter.
 */
export class InvitationsService {
  constructor(private readonly deps: InvitationsDeps) {}

  /**
   * Invites a user by name or e-mail (owner only). An address of no user is invited as it is; the
   * link then works for whoever signs in with it first.
   */
  async invite(user: Caller, { group_id, to }: InviteInput, origin: string) {
    const now = this.deps.clock.now();
    const group = authorizeGroup(await repo.groupForMember(this.deps.db, user.id, { id: group_id }), 'write');
    const invitee = await this.deps.accounts.findUserByNameOrEmail(to);
    if (!invitee && !EMAIL_PATTERN.test(to)) throw new ValidationError(GROUP_MSG.notAUser, 'to');
    if (invitee && (await repo.membership(this.deps.db, group.id, invitee.id)))
      throw new ConflictError(GROUP_MSG.alreadyMember, 'to');
    const email = invitee?.email ?? to;
    const token = randomBytes(24).toString('base64url');
    await invitations.insertInvite(this.deps.db, {
      groupId: group.id,
      invitedBy: user.id,
      userId: invitee?.id ?? null,
      email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + GROUP_INVITE_DAYS * 86_400_000),
    });
    const kind = group.access_mode === ACCESS_MODE.class ? 'class' : 'team';
    const link = `${origin}/groups/accept?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: email,
      subject: `${user.name} invited you to the ${kind} ${group.display_name}`,
      text:
        `${user.name} invited you to join the ${kind} "${group.display_name}" on Folio.\n\n` +
        `Accept the invitation (sign in first if asked):\n${link}\n\n` +
        `The link works for ${GROUP_INVITE_DAYS} days. If you did not expect it, ignore this mail.\n`,
    });
    if (invitee) {
      await fanOut(this.deps.bus, [invitee.id], {
        cmd: 'group',
        group_id: group.id,
        g_name: group.g_name,
        change: 'invited',
      } satisfies GroupLiveMessage);
    }
    return { code: 1 as const, email, user: invitee?.name ?? null };
  }

  /** The caller's pending invitations (load_invitations). */
  async list(user: Caller) {
    const rows = await invitations.pendingInvitations(this.deps.db, user.id, this.deps.clock.now());
    return { code: 1 as const, data: { invitations: rows.map(presentInvitation) } };
  }

  /** The invitation of a mailed link, for the page it opens: as valid, and for whom, as accepting. */
  async details(user: Caller, { token }: { token: string }) {
    const row = ruleOf(await invitations.findInvitation(this.deps.db, { tokenHash: hashToken(token) }));
    checkInvite(user, row, this.deps.clock.now());
    return { code: 1 as const, invitation: presentInvitation(row) };
  }

  /** Accepts the invitation of a mailed link: the caller becomes a member; the link is used up. */
  async accept(user: Caller, { token }: { token: string }) {
    return this.join(user, async (tx, now) => {
      const row = ruleOf(await invitations.findInvitation(tx, { tokenHash: hashToken(token) }, true));
      checkInvite(user, row, now);
      return row;
    });
  }

  /** Accepts one of the caller's own pending invitations, from My Groups. */
  async acceptListed(user: Caller, { invite_id }: InvitationActionInput) {
    return this.join(user, async (tx, now) => {
      const row = ruleOf(await invitations.findInvitation(tx, { id: invite_id }, true));
      checkOwnInvitation(user, row, now);
      return row;
    });
  }

  /** Declines one of the caller's own pending invitations: it, and its link, end. */
  async decline(user: Caller, { invite_id }: InvitationActionInput) {
    await this.deps.db.transaction(async (tx) => {
      const row = ruleOf(await invitations.findInvitation(tx, { id: invite_id }, true));
      checkOwnInvitation(user, row, this.deps.clock.now());
      await invitations.deleteInvitations(tx, row, user.id);
    });
    return { code: 1 as const };
  }

  /**
   * Makes the caller a member of the invitation's group and uses up every invitation of theirs to
   * it; the members' tabs hear of the new member.
   */
  private async join(user: Caller, find: (tx: Executor, now: Date) => Promise<invitations.InvitationRow>) {
    const now = this.deps.clock.now();
    const groupId = await this.deps.db.transaction(async (tx) => {
      const invitation = await find(tx, now);
      await repo.addMember(tx, invitation.group_id, user.id, 'member', now);
      await invitations.deleteInvitations(tx, invitation, user.id);
      return invitation.group_id;
    });
    const row = authorizeGroup(await repo.groupForMember(this.deps.db, user.id, { id: groupId }), 'read');
    await fanOut(this.deps.bus, await repo.memberIds(this.deps.db, groupId), {
      cmd: 'group',
      group_id: groupId,
      g_name: row.g_name,
      change: 'members',
    } satisfies GroupLiveMessage);
    return { code: 1 as const, group: presentGroup(row) };
  }
}
