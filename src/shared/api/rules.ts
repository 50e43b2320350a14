import {
  createRuleSchema,
  matchedReplySchema,
  ruleParamsSchema,
  ruleReplySchema,
  rulesReplySchema,
  tryRuleSchema,
} from '../schemas/rules.ts';
import { defineCall } from './define.ts';

/** Rules (issue 33): "when an item is saved or imported and matches a search, then ...". */
export const ruleCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/rules',
    summary: 'Your rules',
    caller: 'session',
    reply: rulesReplySchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/rules',
    summary:
      'Makes a rule: items saved or imported that match the query get the actions (tags, star, read, ' +
      'privacy, an outliner, a group, a webhook)',
    caller: 'session',
    body: createRuleSchema,
    reply: ruleReplySchema,
  }),
  try: defineCall({
    method: 'POST',
    path: '/api/rules/try',
    summary: 'How many items of your library a rule query matches now (a dry run)',
    caller: 'session',
    body: tryRuleSchema,
    reply: matchedReplySchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/rules/:id',
    summary: 'Deletes a rule',
    caller: 'session',
    params: ruleParamsSchema,
    reply: rulesReplySchema,
  }),
  apply: defineCall({
    method: 'POST',
    path: '/api/rules/:id/apply',
    summary: "Applies a rule to the library's existing items that match it now",
    caller: 'session',
    params: ruleParamsSchema,
    reply: matchedReplySchema,
  }),
};
