import { z } from 'zod';
import { parseTagInput } from '../tags.ts';
import { id, name, text } from './fields.ts';
import { httpUrl, loadItemsSchema } from './items.ts';

/** Rules a user may keep, and actions per rule. */
export const RULES_MAX = 100;
export const RULE_ACTIONS_MAX = 10;
export const RULE_QUERY_MAX = 2000;

/** Tags as the save form takes them ('a, b' or "two words"), or one name per entry. */
const tagList = z
  .union([text().max(2000), z.array(text().max(255)).max(100)])
  .transform((v) => (Array.isArray(v) ? v.flatMap(parseTagInput) : parseTagInput(v)))
  .refine((tags) => tags.length > 0, { error: 'Name at least one tag.' });

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('add_tags'), tags: tagList }),
    z.object({ type: z.literal('remove_tags'), tags: tagList }),
    z.object({ type: z.literal('star') }),
    z.object({ type: z.literal('mark_read') }),
    z.object({
      type: z.literal('set_private'),
      private: z
        .union([z.literal(0), z.literal(1), z.boolean()])
        .transform((v) => (v === true || v === 1 ? 1 : 0)),
    }),
    z.object({ type: z.literal('add_to_outliner'), outliner_id: id('outliner_id') }),
    z.object({ type: z.literal('share_to_group'), group_id: id('group_id') }),
    z.object({ type: z.literal('webhook'), url: httpUrl }),
  ],
  {
    error:
      'Each action needs a type: add_tags, remove_tags, star, mark_read, set_private, add_to_outliner, share_to_group or webhook.',
  },
);
export type RuleAction = z.output<typeof ruleActionSchema>;

/**
 * A library query string as the load call's parameters: the library page's own names (query=,
 * filter=) are read as the call's (what=, type=).
 */
export function libraryQueryParams(query: string): Record<string, string> {
  const params = Object.fromEntries(new URLSearchParams(query));
  const { query: search, filter, ...rest } = params;
  return {
    ...(search !== undefined ? { what: search } : {}),
    ...(filter !== undefined ? { type: filter } : {}),
    ...rest,
  };
}

/** The library page's query string (what=%23ferns&unread=yes), read as the library reads it. */
export const ruleQuery = text()
  .max(RULE_QUERY_MAX, { error: 'The search is too long.' })
  .transform((v) => v.trim().replace(/^\?/, ''))
  .superRefine((v, ctx) => {
    const parsed = loadItemsSchema.safeParse(libraryQueryParams(v));
    if (!parsed.success)
      ctx.addIssue({
        code: 'custom',
        message: `The search is not one the library takes: ${parsed.error.issues[0]?.message}`,
      });
  });

export const createRuleSchema = z.object({
  name: name().trim().min(1, { error: 'Name the rule.' }).max(100, { error: 'The name is too long.' }),
  query: ruleQuery,
  actions: z
    .array(ruleActionSchema)
    .min(1, { error: 'Add at least one action.' })
    .max(RULE_ACTIONS_MAX, { error: `A rule has at most ${RULE_ACTIONS_MAX} actions.` }),
});
export type CreateRuleInput = z.output<typeof createRuleSchema>;

export const ruleReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  query: z.string(),
  actions: z.array(z.record(z.string(), z.unknown())),
  /** seconds */
  created_at: z.number(),
});
export type RuleReply = z.infer<typeof ruleReplySchema>;
export const rulesReplySchema = z.object({ rules: z.array(ruleReplySchema) });
export type RulesReply = z.infer<typeof rulesReplySchema>;

export const ruleParamsSchema = z.object({ id: id('id') });
export type RuleParamsInput = z.output<typeof ruleParamsSchema>;

export const tryRuleSchema = z.object({ query: ruleQuery });
export type TryRuleInput = z.output<typeof tryRuleSchema>;
/** how many of the library's items the search matches ("this would have matched 42 items") */
export const matchedReplySchema = z.object({ matched: z.number() });
export type MatchedReply = z.infer<typeof matchedReplySchema>;
