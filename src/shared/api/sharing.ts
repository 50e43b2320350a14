import { z } from 'zod';
import { loadContactsReplySchema, sendMsgReplySchema, sendMsgSchema } from '../schemas/mail.ts';
import {
  batchShareLinksQuerySchema,
  batchShareLinksReplySchema,
  createShareReplySchema,
  createShareSchema,
  getShareUrlQuerySchema,
  revokeShareReplySchema,
  revokeShareSchema,
  sharedItemReplySchema,
  shareKeyParamsSchema,
  shareUrlReplySchema,
} from '../schemas/sharing.ts';
import { fileQuerySchema } from '../schemas/uploads.ts';
import { defineCall } from './define.ts';

/**
 * Share links (spec part 1 §7: get_share_url, batch_share_links; revoke and the read-only page's
 * calls are ours) and Send an Email (send_msg, load_contacts).
 */
export const sharingCalls = {
  shareUrl: defineCall({
    method: 'GET',
    path: '/item/get_share_url',
    summary:
      "The item's share link {code: 1, link_id, item_url, file_url (pdf and image, else '')}, the same one " +
      "until revoked; {code: 0, link_id, item_url: '', file_url: ''} while it has none (a GET makes none: " +
      'POST /api/sharing/create does). Owner only',
    caller: 'session',
    query: getShareUrlQuerySchema,
    reply: shareUrlReplySchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/sharing/create',
    summary:
      "Makes the item's share link {link_id} unless it has one: {code: 1, link_id, item_url, file_url}. " +
      'Owner only',
    caller: 'session',
    body: createShareSchema,
    reply: createShareReplySchema,
  }),
  batchShareLinks: defineCall({
    method: 'GET',
    path: '/interact_api/batch_share_links',
    summary:
      'Share links of many items {code: 1, links: [{link_id, item_url, file_url}]} for links=1,2,3 (comma-' +
      'joined ids): those that have one (a GET makes none); all must be the caller’s, else 404',
    caller: 'session',
    query: batchShareLinksQuerySchema,
    reply: batchShareLinksReplySchema,
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/api/sharing/revoke',
    summary:
      "Revokes the item's share link {link_id}: its URL answers 404 from now on; the next " +
      '/api/sharing/create makes a new one',
    caller: 'session',
    body: revokeShareSchema,
    reply: revokeShareReplySchema,
  }),
  shared: defineCall({
    method: 'GET',
    path: '/api/sharing/shared/:key',
    summary:
      'The item of a share key, read-only, for anyone holding it: {code: 1, variant, owner, item, html (reader ' +
      'copy), file_url, annotations}; 404 once revoked',
    caller: 'visitor',
    params: shareKeyParamsSchema,
    reply: sharedItemReplySchema,
  }),
  sharedFile: defineCall({
    method: 'GET',
    path: '/s/:key/file',
    summary: 'The pdf or image file of a share key (Range, ETag); 404 once revoked',
    caller: 'visitor',
    params: shareKeyParamsSchema,
    query: fileQuerySchema,
    produces: 'application/octet-stream',
  }),
  sharedNotePicture: defineCall({
    method: 'GET',
    path: '/s/:key/notes/:name',
    summary:
      "A picture the share key's note shows (the note's share page); 404 for any other, or once revoked",
    caller: 'visitor',
    params: shareKeyParamsSchema.extend({ name: z.string() }),
    produces: 'image/*',
  }),
  sendMsg: defineCall({
    method: 'POST',
    path: '/message_mana/send_msg',
    summary:
      "Send an Email: {send_type 'some', send_to {friends, emails, lists, usernames}, message, privacy, " +
      'subject, quotes, link_ids} (or that object as JSON in the field json); a mail with the items’ share ' +
      'links to each recipient. At most 20 recipients a mail and 30 mails a day (400)',
    caller: 'session',
    body: sendMsgSchema,
    reply: sendMsgReplySchema,
  }),
  contacts: defineCall({
    method: 'GET',
    path: '/interact_api/load_contacts',
    summary:
      "The user's contacts {code: 1, contacts: [{id, name, email, kind}]}: people they mailed ('c{n}'), then " +
      "fellow group members ('m{user id}', no address shown)",
    caller: 'session',
    reply: loadContactsReplySchema,
  }),
};
