import {
  ACCESS_MODE,
  type CreateGroupInput,
  GROUP_MSG,
  type GroupItem,
  type GroupItemInput,
  type GroupItemsInput,
  type GroupLiveMessage,
  type GroupReply,
  type RemoveMemberInput,
  type RenameGroupInput,
  type SharedToGroupsInput,
  type ShareToEntry,
} from '../../../shared/schemas/groups.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import type { Access, Authorized } from '../../policies/authorized.ts';
import {
  authorizeGroup,
  checkMayLeave,
  groupItemAbilities,
  permitsShareToGroup,
} from '../../policies/group.ts';
import type { AccountsService } from '../accounts/service.ts';
import { isEducationEmail } from '../accounts/user-info.ts';
import type { GroupLayerService } from '../annotations/group-layer.ts';
import type { CaptureService } from '../capture/service.ts';
import { findForWrite, loadAll, loadAllInGroup } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { FellowMember, GroupDirectory } from '../sharing/groups.ts';
import { fanOut } from './fan-out.ts';
import { presentGroup, presentMember } from './presenter.ts';
import * as repo from './repo.ts';

export interface GroupsDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  accounts: AccountsService;
  items: ItemsService;
  layer: GroupLayerService;
  capture: Pick<CaptureService, 'readerOf'>;
}

type Caller = { id: number; name: string };

/**
 * Groups (Teams / Classes; spec part 1 §3, §5, §7): create, leave, remove a member (invitations:
 * invitations.ts),
 * share items and read what members shared. Every call about a group first finds the caller's
 * membership through policies/group.ts: a group they do not belong to is not found, what only
 * its owner may do is forbidden to the others. Items are read through items/access.ts
 * `loadAllInGroup` (members read, never change); shares reach every member's open
 * tabs as {cmd: 'group', ...}.
 */
export class GroupsService implements GroupDirectory {
  constructor(private readonly deps: GroupsDeps) {}

  /** The group as this member sees it, or not found. */
  private async member<A extends Access = 'read'>(
    ex: Executor,
    user: Caller,
    by: { id?: number; gName?: string },
    access: A = 'read' as A,
  ) {
    return authorizeGroup(await repo.groupForMember(ex, user.id, by), access);
  }

  /** Refuses (400 naming `field`) a group the user is not a member of (a rule's action). */
  async checkMember(user: Caller, groupId: number, field: string): Promise<void> {
    await this.member(this.deps.db, user, { id: groupId }).catch((err: unknown) => {
      throw err instanceof NotFoundError ? new ValidationError('This group was not found.', field) : err;
    });
  }

  async create(user: Caller, data: CreateGroupInput): Promise<{ code: 1; group: GroupReply }> {
    const account = await this.deps.accounts.findUser(user.id);
    const isClass = !!account && (account.teacher || isEducationEmail(account.email));
    const row = await this.deps.db.transaction(async (tx) => {
      if (await repo.gNameTaken(tx, data.name)) throw new ConflictError(GROUP_MSG.nameTaken, 'name');
      const made = await repo.insertGroup(tx, {
        gName: data.name,
        displayName: data.displayName,
        description: data.description ?? '',
        ownerId: user.id,
        accessMode: isClass ? ACCESS_MODE.class : ACCESS_MODE.team,
        now: this.deps.clock.now(),
      });
      // two creates racing for one name: the unique index keeps one
      if (!made) throw new ConflictError(GROUP_MSG.nameTaken, 'name');
      return repo.groupForMember(tx, user.id, { id: made.id });
    });
    return { code: 1, group: presentGroup(row!) };
  }

  async list(user: Caller) {
    const rows = await repo.groupsOfUser(this.deps.db, user.id);
    return { code: 1 as const, data: { groups: rows.map(presentGroup) } };
  }

  async load(user: Caller, groupId: number) {
    const row = await this.member(this.deps.db, user, { id: groupId });
    const members = await repo.membersOf(this.deps.db, groupId);
    return { code: 1 as const, group: presentGroup(row), members: members.map(presentMember) };
  }

  /**
   * Shares the caller's items (not notes) to a group they belong to. Each index gets 1 when its
   * item is in the group afterwards, 0 when it is not the caller's, is a note or does not exist.
   */
  async shareTo(user: Caller, g_name: string, ids: ShareToEntry[]): Promise<string> {
    const { flags, group, shared } = await this.deps.db.transaction(async (tx) => {
      const group = await this.member(tx, user, { gName: g_name });
      const flags: string[] = [];
      const shared: number[] = [];
      for (const { index, id } of ids) {
        const row = await findForWrite(tx, user, id);
        const ok = permitsShareToGroup(user, row);
        if (ok) shared.push(id);
        flags.push(`${index}:${ok ? 1 : 0}`);
      }
      await repo.shareItems(tx, group, user.id, [...new Set(shared)], this.deps.clock.now());
      return { flags, group, shared };
    });
    if (shared.length > 0) {
      await this.notify(group.id, {
        cmd: 'group',
        group_id: group.id,
        g_name: group.g_name,
        change: 'shared',
        item_ids: shared,
      });
    }
    return flags.join(',');
  }

  /**
   * Shares the caller's items to groups by id inside the caller's transaction (a bookmark saved
   * with `groups`): a group the caller is not in is refused in `field` (a 400), and notes are never
   * shared. Returns what `announceShared` sends once the transaction commits.
   */
  async shareWithin(tx: Executor, user: Caller, groupIds: number[], itemIds: number[], field: string) {
    const shares: { groupId: number; gName: string; itemIds: number[] }[] = [];
    const items = await loadAll(tx, user, itemIds, 'write');
    const sharing = items.filter((item) => permitsShareToGroup(user, item)).map((item) => item.id);
    for (const groupId of groupIds) {
      const group = await this.member(tx, user, { id: groupId }).catch((err: unknown) => {
        throw err instanceof NotFoundError
          ? new ValidationError(`A group in ${field} was not found.`, field)
          : err;
      });
      await repo.shareItems(tx, group, user.id, sharing, this.deps.clock.now());
      if (sharing.length) shares.push({ groupId: group.id, gName: group.g_name, itemIds: sharing });
    }
    return shares;
  }

  /** Tells each group's members about shares shareWithin made. */
  async announceShared(shares: { groupId: number; gName: string; itemIds: number[] }[]): Promise<void> {
    for (const share of shares) {
      await this.notify(share.groupId, {
        cmd: 'group',
        group_id: share.groupId,
        g_name: share.gName,
        change: 'shared',
        item_ids: share.itemIds,
      });
    }
  }

  /** Which of the caller's groups each of the caller's items was shared to; another's item: not found. */
  async sharedToGroups(user: Caller, { links_id }: SharedToGroupsInput) {
    await loadAll(this.deps.db, user, links_id, 'write');
    const rows = await repo.groupsOfItems(this.deps.db, user.id, links_id);
    return {
      code: 1 as const,
      data: links_id.map((id) => ({
        link_id: id,
        groups: rows
          .filter((r) => r.itemId === id)
          .map((r) => ({ group_id: r.groupId, g_name: r.gName, displayName: r.displayName })),
      })),
    };
  }

  /** Duplicates' merge: the kept item joins every group a merged item was shared to. */
  async copyShares(
    tx: Executor,
    from: Authorized<'item', ItemRow>[],
    to: Authorized<'item', ItemRow>,
  ): Promise<void> {
    await repo.copyShares(
      tx,
      from.map((i) => i.id),
      to.id,
    );
  }

  /** A page of what members shared, newest first (spec: code 0 with data). */
  async items(user: Caller, q: GroupItemsInput) {
    const group = await this.member(this.deps.db, user, { id: q.group_id });
    const page = await repo.groupItemPage(this.deps.db, group.id, q.count, (q.page - 1) * q.count);
    const items = await this.present(user, group.id, page.rows);
    return { code: 0 as const, data: { group: presentGroup(group), items, total: page.total } };
  }

  async item(user: Caller, q: GroupItemInput) {
    const group = await this.member(this.deps.db, user, { id: q.group_id });
    const row = await repo.groupItem(this.deps.db, group.id, q.item_id);
    if (!row) throw new NotFoundError();
    const [item] = await this.present(user, group.id, [row]);
    return { code: 0 as const, data: { ...item!, group: presentGroup(group) } };
  }

  /** The reader copy of a shared item, for the reader members open it in. */
  async reader(user: Caller, q: GroupItemInput) {
    const [item] = await loadAllInGroup(this.deps.db, user, q.group_id, [q.item_id]);
    return this.deps.capture.readerOf(item!);
  }

  /** Group items as members see them: read-only, with the annotations members made. */
  private async present(user: Caller, groupId: number, rows: repo.GroupItemRow[]): Promise<GroupItem[]> {
    const db = this.deps.db;
    const ids = rows.map((r) => r.item_id);
    const authorized = await loadAllInGroup(db, user, groupId, ids);
    const presented = await this.deps.items.present(db, authorized, user.id);
    const layer = await this.deps.layer.layerOf(db, groupId, ids);
    return rows.map((r, i) => {
      const annotations = layer.get(r.item_id) ?? [];
      return {
        item_id: r.item_id,
        shared_by: r.shared_by,
        shared_at: toSeconds(new Date(r.shared_at))!,
        item: {
          ...presented[i]!,
          annotations: annotations.map(({ author: _x, in_layer: _y, ...a }) => a),
          ...groupItemAbilities(),
        },
        annotations,
      };
    });
  }

  async leave(user: Caller, groupId: number) {
    const group = await this.member(this.deps.db, user, { id: groupId });
    checkMayLeave(group);
    await this.deps.db.transaction((tx) => repo.removeMember(tx, group, user.id));
    await this.notify(groupId, { cmd: 'group', group_id: groupId, g_name: group.g_name, change: 'members' });
    return { code: 1 as const };
  }

  /** Only the owner removes a member; what they shared leaves the group with them. */
  async removeMember(user: Caller, { group_id, user_id }: RemoveMemberInput) {
    const group = await this.member(this.deps.db, user, { id: group_id }, 'write');
    if (user_id === user.id) throw new ValidationError(GROUP_MSG.cannotRemoveOwner, 'user_id');
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.membership(tx, group_id, user_id))) throw new NotFoundError(GROUP_MSG.notAMember);
      await repo.removeMember(tx, group, user_id);
    });
    const message: GroupLiveMessage = { cmd: 'group', group_id, g_name: group.g_name, change: 'members' };
    await this.notify(group_id, message);
    await fanOut(this.deps.bus, [user_id], { ...message, change: 'removed' });
    return { code: 1 as const };
  }

  /** The owner renames the group (display name, description); g_name stays: links carry it. */
  async rename(user: Caller, data: RenameGroupInput) {
    const group = await this.member(this.deps.db, user, { id: data.group_id }, 'write');
    await repo.renameGroup(this.deps.db, group, data.displayName, data.description ?? group.description);
    const row = await this.member(this.deps.db, user, { id: group.id });
    await this.notify(group.id, {
      cmd: 'group',
      group_id: group.id,
      g_name: group.g_name,
      change: 'renamed',
    });
    return { code: 1 as const, group: presentGroup(row) };
  }

  /**
   * The owner deletes the group: its memberships, shares, invitations and annotation layer go with
   * it (foreign keys cascade); the members' own items and annotations are never touched.
   */
  async remove(user: Caller, groupId: number) {
    const group = await this.member(this.deps.db, user, { id: groupId }, 'write');
    const members = await repo.memberIds(this.deps.db, group.id);
    await this.deps.db.transaction((tx) => repo.deleteGroup(tx, group));
    await fanOut(this.deps.bus, members, {
      cmd: 'group',
      group_id: group.id,
      g_name: group.g_name,
      change: 'deleted',
    } satisfies GroupLiveMessage);
    return { code: 1 as const };
  }

  /** E-mail addresses of the other members of these groups (by g_name) that the user belongs to. */
  memberAddressesOf(userId: number, groupNames: string[]): Promise<string[]> {
    return repo.memberAddresses(this.deps.db, userId, groupNames);
  }

  /** Everyone who shares a group with the user. */
  async fellowMembersOf(userId: number): Promise<FellowMember[]> {
    const rows = await repo.fellowMembers(this.deps.db, userId);
    return rows.map((r) => ({ userId: r.id, name: r.name }));
  }

  private async notify(groupId: number, message: GroupLiveMessage) {
    await fanOut(this.deps.bus, await repo.memberIds(this.deps.db, groupId), message);
  }
}
