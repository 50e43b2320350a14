import { permalinkReplySchema, toolbarSchema } from '../schemas/toolbar.ts';
import { defineCall } from './define.ts';

/** The browser extension's toolbar calls (spec part 1 §7, Sharing). */
export const toolbarCalls = {
  command: defineCall({
    method: 'POST',
    path: '/toolbar_server_v13',
    summary:
      'The extension toolbar {v, from, user, cmd, json} as form fields or JSON; user names the signed-in ' +
      'user. cmd share_makePermalink, json {url, title?} or {link_id}: the user’s item for the URL (saved ' +
      'first when new) gets its share link (the one get_share_url gives): {code: 1, permalink, link_id}; ' +
      'an unknown cmd is a 400',
    caller: 'session',
    body: toolbarSchema,
    reply: permalinkReplySchema,
  }),
};
