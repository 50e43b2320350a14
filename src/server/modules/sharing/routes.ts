import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadContactsReplySchema, sendMsgReplySchema, sendMsgSchema } from '../../../shared/schemas/mail.ts';
import {
  batchShareLinksQuerySchema,
  batchShareLinksReplySchema,
  getShareUrlQuerySchema,
  revokeShareReplySchema,
  revokeShareSchema,
  sharedItemReplySchema,
  shareKeyParamsSchema,
  shareUrlReplySchema,
} from '../../../shared/schemas/sharing.ts';
import { fileQuerySchema } from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { send } from '../../platform/send-file.ts';
import type { MailService } from './mail.ts';
import type { SharingService } from './service.ts';

export interface SharingRouteDeps {
  sharing: SharingService;
  mail: MailService;
  auth: Auth;
  blobs: BlobStore;
  publicUrl: string | undefined;
}

/**
 * Share links (spec part 1 §7: get_share_url, batch_share_links; revoke and the read-only page's
 * calls are ours) and Send an Email (send_msg, load_contacts). A share key reads one item; every
 * other call is the owner's and answers 404 for an item that is not theirs.
 */
export function registerSharingRoutes(app: FastifyInstance, deps: SharingRouteDeps) {
  const { sharing, mail, auth } = deps;
  const preValidation = signedIn(auth);
  const api = contract(app);
  const origin = (request: FastifyRequest) => ownOrigin(request, deps.publicUrl);

  api.get(
    '/item/get_share_url',
    {
      preValidation,
      schema: {
        summary:
          "The item's share link {code: 1, link_id, item_url, file_url (pdf and image, else '')}; made on first " +
          'ask, the same one until revoked. Owner only',
        querystring: getShareUrlQuerySchema,
        response: { 200: shareUrlReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const info = await sharing.shareUrl(user, request.query.link_id, origin(request));
      return { code: 1 as const, ...info };
    },
  );
  api.get(
    '/interact_api/batch_share_links',
    {
      preValidation,
      schema: {
        summary:
          'Share links of many items {code: 1, links: [{link_id, item_url, file_url}]} for links=1,2,3 (comma-' +
          'joined ids); all must be the caller’s, else 404 and none made',
        querystring: batchShareLinksQuerySchema,
        response: { 200: batchShareLinksReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return { code: 1 as const, links: await sharing.batch(user, request.query.links, origin(request)) };
    },
  );
  api.post(
    '/api/sharing/revoke',
    {
      preValidation,
      schema: {
        summary:
          "Revokes the item's share link {link_id}: its URL answers 404 from now on; the next get_share_url " +
          'makes a new one',
        body: revokeShareSchema,
        response: { 200: revokeShareReplySchema },
      },
    },
    async (request) => sharing.revoke(await auth.requireUser(request), request.body.link_id),
  );
  api.get(
    '/api/sharing/shared/:key',
    {
      schema: {
        summary:
          'The item of a share key, read-only, for anyone holding it: {code: 1, variant, owner, item, html (reader ' +
          'copy), file_url, annotations}; 404 once revoked',
        public: true,
        params: shareKeyParamsSchema,
        response: { 200: sharedItemReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return sharing.shared(request.params.key, origin(request));
    },
  );
  api.get(
    '/s/:key/file',
    {
      schema: {
        summary: 'The pdf or image file of a share key (Range, ETag); 404 once revoked',
        public: true,
        params: shareKeyParamsSchema,
        querystring: fileQuerySchema,
        produces: 'application/octet-stream',
      },
    },
    async (request, reply) => {
      const file = await sharing.sharedFile(request.params.key);
      // revocable: never kept by shared caches; pictures may be embedded (the Embed tab)
      reply.header('referrer-policy', 'no-referrer');
      return send(
        request,
        reply,
        deps.blobs,
        { ...file, private: true, embeddable: true },
        { download: request.query.download === '1' },
      );
    },
  );

  api.get(
    '/s/:key/notes/:name',
    {
      schema: {
        summary:
          "A picture the share key's note shows (the note's share page); 404 for any other, or once revoked",
        public: true,
        params: shareKeyParamsSchema.extend({ name: z.string() }),
        produces: 'image/*',
      },
    },
    async (request, reply) => {
      const picture = await sharing.sharedNotePicture(request.params.key, request.params.name);
      reply.header('referrer-policy', 'no-referrer');
      return send(request, reply, deps.blobs, { ...picture, private: true, size: null });
    },
  );

  api.post(
    '/message_mana/send_msg',
    {
      preValidation,
      schema: {
        summary:
          "Send an Email: {send_type 'some', send_to {friends, emails, lists, usernames}, message, privacy, " +
          'subject, quotes, link_ids} (or that object as JSON in the field json); a mail with the items’ share ' +
          'links to each recipient. At most 20 recipients a mail and 30 mails a day (400)',
        body: sendMsgSchema,
        response: { 200: sendMsgReplySchema },
      },
    },
    async (request) => mail.send(await auth.requireUser(request), request.body, origin(request)),
  );
  api.get(
    '/interact_api/load_contacts',
    {
      preValidation,
      schema: {
        summary:
          "The user's contacts {code: 1, contacts: [{id, name, email, kind}]}: people they mailed ('c{n}'), then " +
          "fellow group members ('m{user id}', no address shown)",
        response: { 200: loadContactsReplySchema },
      },
    },
    async (request) => ({
      code: 1 as const,
      contacts: await mail.contacts((await auth.requireUser(request)).id),
    }),
  );
}
