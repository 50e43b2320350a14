import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sharingCalls as calls } from '../../../shared/api/sharing.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { ownOrigin } from '../../platform/auth/origin.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder } from '../../platform/contract.ts';
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
  const bind = binder(app, auth);
  const origin = (request: FastifyRequest) => ownOrigin(request, deps.publicUrl);

  bind(calls.shareUrl, async ({ user, query, request }) => {
    const info = await sharing.shareUrl(user, query.link_id, origin(request));
    return info
      ? { code: 1 as const, ...info }
      : { code: 0 as const, link_id: query.link_id, item_url: '', file_url: '' };
  });
  bind(calls.create, async ({ user, body, request }) => ({
    code: 1 as const,
    ...(await sharing.create(user, body.link_id, origin(request))),
  }));
  bind(calls.batchShareLinks, async ({ user, query, request }) => ({
    code: 1 as const,
    links: await sharing.batch(user, query.links, origin(request)),
  }));
  bind(calls.revoke, ({ user, body }) => sharing.revoke(user, body.link_id));
  bind(calls.shared, async ({ params, request, reply }) => {
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    return sharing.shared(params.key, origin(request));
  });
  bind(calls.sharedFile, async ({ params, query, request, reply }) => {
    const file = await sharing.sharedFile(params.key);
    // revocable: never kept by shared caches; pictures may be embedded (the Embed tab)
    reply.header('referrer-policy', 'no-referrer');
    return send(
      request,
      reply,
      deps.blobs,
      { ...file, private: true, embeddable: true },
      { download: query.download === '1' },
    );
  });
  bind(calls.sharedNotePicture, async ({ params, request, reply }) => {
    const picture = await sharing.sharedNotePicture(params.key, params.name);
    reply.header('referrer-policy', 'no-referrer');
    return send(request, reply, deps.blobs, { ...picture, private: true, size: null });
  });
  bind(calls.sendMsg, ({ user, body, request }) => mail.send(user, body, origin(request)));
  bind(calls.contacts, async ({ user }) => ({ code: 1 as const, contacts: await mail.contacts(user.id) }));
}
