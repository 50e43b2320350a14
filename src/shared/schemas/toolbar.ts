import { z } from 'zod';
import { linkId, name, optional, text } from './fields.ts';
import { httpUrl, TITLE_MAX } from './items.ts';

/**
 * POST /toolbar_server_v13 (spec part 1 §7, Sharing): the browser extension's calls, form fields or
 * JSON {v, from, user, cmd, json}. `cmd` names the call; `json` is a JSON text of its input.
 */

export const TOOLBAR_COMMANDS = ['share_makePermalink'] as const;
export type ToolbarCommand = (typeof TOOLBAR_COMMANDS)[number];

export const TOOLBAR_MSG = {
  unknownCmd: `Unknown cmd: the toolbar answers ${TOOLBAR_COMMANDS.join(', ')}.`,
  badJson: 'json must be a JSON text naming the page: {url, title} or {link_id}.',
  userRequired: 'user is required.',
  notYou: 'user does not name the signed-in user.',
} as const;

/** share_makePermalink's page: an item of the user's by id, or a URL (saved first when new). */
export const permalinkTargetSchema = z.union(
  [
    z.strictObject({ link_id: linkId }),
    z.strictObject({
      url: httpUrl,
      title: optional(name().trim().max(TITLE_MAX, { error: 'The title is too long.' })),
    }),
  ],
  { error: TOOLBAR_MSG.badJson },
);
export type PermalinkTarget = z.output<typeof permalinkTargetSchema>;

/** `json` as sent: a JSON text (form fields) or, in a JSON body, the object itself. */
const jsonField = z.preprocess((v, ctx) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: TOOLBAR_MSG.badJson });
    return z.NEVER;
  }
}, permalinkTargetSchema);

export const toolbarSchema = z.object({
  /** the extension's version and where it runs: taken, not used */
  v: optional(text().max(100)),
  from: optional(text().max(100)),
  /** the signed-in user's name (or id): a request for another account is refused */
  user: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === '' ? undefined : v),
    text(TOOLBAR_MSG.userRequired).max(100),
  ),
  cmd: z.enum(TOOLBAR_COMMANDS, { error: TOOLBAR_MSG.unknownCmd }),
  json: jsonField,
});
export type ToolbarInput = z.output<typeof toolbarSchema>;

export const permalinkReplySchema = z.object({
  code: z.literal(1),
  /** the item's share link (the one GET /item/get_share_url gives) */
  permalink: z.string(),
  link_id: z.number(),
});
