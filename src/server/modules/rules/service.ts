import { type LoadItemsInput, loadItemsSchema } from '../../../shared/schemas/items.ts';
import {
  type CreateRuleInput,
  libraryQueryParams,
  type MatchedReply,
  RULES_MAX,
  type RuleAction,
  type RuleParamsInput,
  type RuleReply,
  type RulesReply,
  type TryRuleInput,
} from '../../../shared/schemas/rules.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError, ValidationError } from '../../platform/errors.ts';
import { FetchError } from '../../platform/fetch-errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { defineJob, type Job, type JobQueue, PermanentJobError } from '../../platform/jobs.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { GroupsService } from '../groups/service.ts';
import { RULES_JOB } from '../items/rules-hook.ts';
import type { ItemsService } from '../items/service.ts';
import type { OutlinersService } from '../outliners/service.ts';
import type { TagsService } from '../tags/service.ts';
import * as repo from './repo.ts';
import { deliverRuleWebhook, RULE_WEBHOOK_JOB } from './webhook.ts';

export interface RulesDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  fetcher: Fetcher;
  accounts: AccountsService;
  items: ItemsService;
  tags: TagsService;
  outliners: OutlinersService;
  groups: GroupsService;
  publicUrl: string | undefined;
  log?: (obj: object, msg: string) => void;
}

/** Items a dry run or "apply now" goes over at most. */
const APPLY_MAX = 10_000;

/** A stored query string as the library reads it (checked when the rule was made). */
const libraryQuery = (query: string): LoadItemsInput => loadItemsSchema.parse(libraryQueryParams(query));

const present = (r: repo.RuleRow): RuleReply => ({
  id: r.id,
  name: r.name,
  query: r.query,
  actions: r.actions as unknown as Record<string, unknown>[],
  created_at: toSeconds(r.createdAt)!,
});

/**
 * Rules: "when an item is saved or imported and matches a search, then ...". The match is the
 * library's own query over the new items' ids, never another user's; every action goes through its
 * owning service with that service's checks; nothing an action changes queues rules again.
 */
export class RulesService {
  constructor(private readonly deps: RulesDeps) {}

  definitions() {
    return [
      defineJob(RULES_JOB, (job) => this.onSaved(job)),
      defineJob(RULE_WEBHOOK_JOB, (job) => this.deliver(job)),
    ];
  }

  async list(user: { id: number }): Promise<RulesReply> {
    return { rules: (await repo.rulesOf(this.deps.db, user.id)).map(present) };
  }

  /** POST /api/rules: an outliner, group or webhook the user may not use is refused here (400). */
  async create(user: { id: number; name: string }, input: CreateRuleInput): Promise<RuleReply> {
    for (const action of input.actions) await this.checkAction(user, action);
    const { db, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      if ((await repo.countOf(tx, user.id)) >= RULES_MAX)
        throw new PlanLimitError(`You can keep at most ${RULES_MAX} rules.`);
      return repo.insertRule(tx, { userId: user.id, ...input, createdAt: clock.now() });
    });
    return present(row);
  }

  private async checkAction(user: { id: number; name: string }, action: RuleAction) {
    if (action.type === 'add_to_outliner')
      await this.deps.outliners.checkOwned(user.id, action.outliner_id, 'outliner_id');
    if (action.type === 'share_to_group')
      await this.deps.groups.checkMember(user, action.group_id, 'group_id');
    if (action.type === 'webhook') {
      try {
        await this.deps.fetcher.checkUrl(action.url);
      } catch (err) {
        if (!(err instanceof FetchError)) throw err;
        throw new ValidationError(`The webhook address is refused: ${err.message}`, 'url');
      }
    }
  }

  async remove(user: { id: number }, { id }: RuleParamsInput): Promise<RulesReply> {
    if (!(await repo.deleteOwn(this.deps.db, user.id, id))) throw new NotFoundError('There is no such rule.');
    return this.list(user);
  }

  /** POST /api/rules/try: "this would have matched 42 items". */
  async tryQuery(user: { id: number }, { query }: TryRuleInput): Promise<MatchedReply> {
    const ids = await this.deps.items.matching(user, libraryQuery(query), undefined, APPLY_MAX);
    return { matched: ids.length };
  }

  /** POST /api/rules/{id}/apply: the rule over the library's existing items that match it now. */
  async applyNow(user: { id: number }, { id }: RuleParamsInput): Promise<MatchedReply> {
    const rule = await repo.findOwn(this.deps.db, user.id, id);
    if (!rule) throw new NotFoundError('There is no such rule.');
    const ids = await this.deps.items.matching(user, libraryQuery(rule.query), undefined, APPLY_MAX);
    if (ids.length) await this.perform(user.id, rule, ids);
    return { matched: ids.length };
  }

  /**
   * The rules job: every rule of the owner is matched against the new items first, then the
   * actions run, so one rule's tags never make another rule match (no rule triggers rules).
   */
  private async onSaved(job: Job<{ itemIds: number[] }>) {
    const userId = job.userId!;
    const rules = await repo.rulesOf(this.deps.db, userId);
    if (!rules.length) return;
    const owner = { id: userId };
    const matches: { rule: repo.RuleRow; ids: number[] }[] = [];
    for (const rule of rules) {
      const ids = await this.deps.items.matching(owner, libraryQuery(rule.query), job.payload.itemIds);
      if (ids.length) matches.push({ rule, ids });
    }
    for (const { rule, ids } of matches) await this.perform(userId, rule, ids);
  }

  /** Each action of the rule over the owner's items; one that fails (an outliner gone since) is logged. */
  private async perform(userId: number, rule: repo.RuleRow, ids: number[]) {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) return;
    for (const action of rule.actions) {
      try {
        await this.act(user, rule, action, ids);
      } catch (err) {
        this.deps.log?.({ err, ruleId: rule.id, action: action.type }, 'rule action failed');
      }
    }
  }

  private async act(
    user: NonNullable<Awaited<ReturnType<AccountsService['findUser']>>>,
    rule: repo.RuleRow,
    action: RuleAction,
    ids: number[],
  ) {
    const { db, items, tags, outliners, groups, jobs } = this.deps;
    switch (action.type) {
      case 'add_tags':
      case 'remove_tags': {
        const changed: number[] = [];
        await db.transaction(async (tx) => {
          const names = await tags.tagNamesFor(tx, ids);
          for (const id of ids) {
            const current = (names.get(id) ?? '').split(',').filter(Boolean);
            const known = new Set(current.map((n) => n.toLowerCase()));
            const wanted = new Set(action.tags.map((n) => n.toLowerCase()));
            const next =
              action.type === 'add_tags'
                ? [...current, ...action.tags.filter((t) => !known.has(t.toLowerCase()))]
                : current.filter((n) => !wanted.has(n.toLowerCase()));
            if (next.length === current.length) continue;
            await tags.setItemTags(tx, user.id, id, next);
            changed.push(id);
          }
        });
        await items.publishUpserts(user.id, changed);
        return;
      }
      case 'star':
        await items.star(user, { link_id: ids, starred: 1 });
        return;
      case 'mark_read':
        await items.markRead(user, { link_id: ids, readed: 1 });
        return;
      case 'set_private':
        await items.convertMode(user, { link_id: ids, mode: action.private ? 'private' : 'public' });
        return;
      case 'add_to_outliner': {
        const caller = { user, origin: this.deps.publicUrl ?? '' };
        const added = await db.transaction((tx) =>
          outliners.addItemsWithin(tx, caller, action.outliner_id, ids),
        );
        await outliners.announceAdded(caller, added);
        return;
      }
      case 'share_to_group': {
        const shares = await db.transaction((tx) =>
          groups.shareWithin(tx, user, [action.group_id], ids, 'group_id'),
        );
        await groups.announceShared(shares);
        return;
      }
      case 'webhook':
        await db.transaction(async (tx) => {
          for (const itemId of ids)
            await jobs.enqueue(
              tx,
              RULE_WEBHOOK_JOB,
              { ruleId: rule.id, itemId, url: action.url },
              { userId: user.id },
            );
        });
        return;
    }
  }

  /** The webhook job: the item as its owner sees it, POSTed to the rule's address. */
  private async deliver(job: Job<{ ruleId: number; itemId: number; url: string }>) {
    const owner = { id: job.userId! };
    const [item] = await this.deps.items.loadAll(owner, [job.payload.itemId]).catch(() => []);
    if (!item) return;
    try {
      await deliverRuleWebhook(this.deps.fetcher, job.payload.url, {
        event: 'rule.matched',
        rule_id: job.payload.ruleId,
        item,
      });
    } catch (err) {
      if (err instanceof FetchError && !err.retryable) throw new PermanentJobError(err.message);
      throw err;
    }
  }
}
